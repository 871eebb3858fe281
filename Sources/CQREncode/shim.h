// libqrencode (Debian libqrencode-dev): QR codes for printed labels.
// Swift calls it directly: everything used takes fixed arguments.
#include <qrencode.h>
