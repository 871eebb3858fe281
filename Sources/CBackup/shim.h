// What the Backup module needs from C: OpenSSL's SHA-256 (EVP), and syncfs, which glibc declares
// only under _GNU_SOURCE (Swift's Glibc module is built without it).
#include <openssl/evp.h>

int syncfs(int fd);
