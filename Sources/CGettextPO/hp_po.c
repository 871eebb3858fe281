#include "hp_po.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/// Each thread's read in progress: where a fatal error jumps back to, and the first error seen.
static _Thread_local jmp_buf *current_jump;
static _Thread_local char *current_error;
static _Thread_local size_t current_error_size;
static _Thread_local int error_count;

static void note(const char *filename, size_t lineno, size_t column, const char *text) {
    if (error_count++ > 0 || current_error == NULL || current_error_size == 0) return;
    if (filename != NULL && lineno != (size_t)-1)
        snprintf(current_error, current_error_size, "%s:%zu:%zu: %s", filename, lineno, column == (size_t)-1 ? 0 : column, text);
    else
        snprintf(current_error, current_error_size, "%s", text);
}

static void on_error(int severity, po_message_t message, const char *filename, size_t lineno, size_t column,
                     int multiline, const char *text) {
    (void)message; (void)multiline;
    if (severity == PO_SEVERITY_WARNING) return;
    note(filename, lineno, column, text);
    if (severity == PO_SEVERITY_FATAL_ERROR) longjmp(*current_jump, 1);
}

static void on_error2(int severity, po_message_t message1, const char *filename1, size_t lineno1, size_t column1,
                      int multiline1, const char *text1, po_message_t message2, const char *filename2,
                      size_t lineno2, size_t column2, int multiline2, const char *text2) {
    (void)message2; (void)filename2; (void)lineno2; (void)column2; (void)multiline2; (void)text2;
    on_error(severity, message1, filename1, lineno1, column1, multiline1, text1);
}

po_file_t hp_po_file_read(const char *filename, char *error, size_t error_size) {
    static const struct po_xerror_handler handler = { on_error, on_error2 };
    jmp_buf jump;
    current_jump = &jump;
    current_error = error;
    current_error_size = error_size;
    error_count = 0;
    if (error_size > 0) error[0] = '\0';
    po_file_t file = NULL;
    if (setjmp(jump) == 0) {
        file = po_file_read(filename, &handler);
        if (file == NULL && error_count == 0) note(filename, (size_t)-1, 0, "cannot be read");
        if (file != NULL && error_count > 0) { po_file_free(file); file = NULL; }
    } else {
        // Jumped out of a fatal error: what the reader had built is lost (a broken catalogue stops
        // the server's start, so this happens once, if at all).
        file = NULL;
    }
    current_jump = NULL;
    current_error = NULL;
    return file;
}
