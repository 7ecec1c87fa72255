/*
 * bench_watchdog.c: tsblas_bench never hangs.  A step (a measurement, one
 * side of one case) that makes no progress for the chosen number of seconds
 * ends the program with exit status 124 and a message naming the step: a
 * GPU kernel that never returns, say, is reported instead of waited for.
 */
#include <config.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

static unsigned watchdog_seconds;

/* Two messages: the handler writes the one the pointer names, and a new
   one is composed in the other before the pointer moves to it. */
static char watchdog_messages[2][320];
static volatile sig_atomic_t watchdog_current;
static char watchdog_task[160];

static void watchdog_fired(int sig)
{
    const char *message = watchdog_messages[watchdog_current];
    ssize_t written;

    (void)sig;
    written = write(STDERR_FILENO, message, strlen(message));
    (void)written;
    _exit(124);
}

static void watchdog_compose(const char *step)
{
    const int next = !watchdog_current;

    snprintf(watchdog_messages[next], sizeof watchdog_messages[next],
             "\ntsblas_bench: no progress for %u s in %s%s%s%s: giving up "
             "(see --case-timeout)\n", watchdog_seconds, watchdog_task,
             step != NULL ? " (" : "", step != NULL ? step : "", step != NULL ? ")" : "");
    watchdog_current = next;
    alarm(watchdog_seconds);
}

void bench_watchdog_start(unsigned seconds)
{
    watchdog_seconds = seconds;
    if (seconds > 0)
        signal(SIGALRM, watchdog_fired);
}

void bench_watchdog_task(const char *task)
{
    if (watchdog_seconds == 0)
        return;
    snprintf(watchdog_task, sizeof watchdog_task, "%s", task);
    watchdog_compose(NULL);
}

void bench_watchdog_step(const char *step)
{
    if (watchdog_seconds == 0)
        return;
    watchdog_compose(step);
}

void bench_watchdog_stop(void)
{
    alarm(0);
}
