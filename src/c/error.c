/*
 * error.c: the calling thread's last error (API.md, "Errors at run time").
 */
#include <stdarg.h>
#include <stdio.h>
#include "tsblas_internal.h"

static _Thread_local int last_error;
static _Thread_local char last_message[256];

int tsblas_set_error(int code, const char *format, ...)
{
    va_list ap;

    last_error = code;
    if (code == 0 || format == NULL) {
        last_message[0] = '\0';
        return code;
    }
    va_start(ap, format);
    vsnprintf(last_message, sizeof last_message, format, ap);
    va_end(ap);
    return code;
}

int tsblas_last_error(void)
{
    return last_error;
}

const char *tsblas_last_error_message(void)
{
    return last_message;
}
