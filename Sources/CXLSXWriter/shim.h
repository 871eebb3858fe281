// libxlsxwriter (Debian libxlsxwriter-dev): XLSX workbooks written without a spreadsheet program.
// Swift calls it directly: everything used takes fixed arguments.
#include <xlsxwriter.h>
