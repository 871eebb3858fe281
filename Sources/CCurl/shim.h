// libcurl (Debian libcurl4-openssl-dev): reminders sent by SMTP (Mail's SMTPClient), the ECB's rates
// fetched over HTTPS (App's ExchangeRateDownload).
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper each.
#include <curl/curl.h>

static inline CURLcode hp_curl_set_long(CURL *handle, CURLoption option, long value) { return curl_easy_setopt(handle, option, value); }
static inline CURLcode hp_curl_set_string(CURL *handle, CURLoption option, const char *value) { return curl_easy_setopt(handle, option, value); }
static inline CURLcode hp_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) { return curl_easy_setopt(handle, option, value); }
static inline CURLcode hp_curl_set_pointer(CURL *handle, CURLoption option, void *value) { return curl_easy_setopt(handle, option, value); }
static inline CURLcode hp_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) { return curl_easy_setopt(handle, option, value); }
static inline CURLcode hp_curl_set_write_function(CURL *handle, size_t (*write)(char *, size_t, size_t, void *)) { return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, write); }
static inline CURLcode hp_curl_set_progress_function(CURL *handle, int (*progress)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) { return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, progress); }
static inline CURLcode hp_curl_set_mime(CURL *handle, curl_mime *value) { return curl_easy_setopt(handle, CURLOPT_MIMEPOST, value); }
static inline CURLcode hp_curl_response_code(CURL *handle, long *code) { return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code); }
static inline CURLcode hp_curl_bytes_uploaded(CURL *handle, curl_off_t *bytes) { return curl_easy_getinfo(handle, CURLINFO_SIZE_UPLOAD_T, bytes); }
