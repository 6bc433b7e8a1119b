/* Running a program with its stderr on a pseudo-terminal, for the tests of the tools' progress
 * line (np_progress.h: shown only when stderr is a terminal). Header-only; the including test
 * defines _POSIX_C_SOURCE / _XOPEN_SOURCE >= 600 (posix_openpt) and includes cmocka.h. */
#ifndef NP_TEST_TTY_H
#define NP_TEST_TTY_H

#include <fcntl.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs argv (argv[0] the program's path, NULL-terminated) with stderr on a fresh pty and stdout
 * to /dev/null; what the terminal got goes to text (cap bytes, NUL-terminated). Returns the
 * exit status; the child is killed after 300 s. */
static int run_on_tty(const char *const argv[], char *text, size_t cap) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    const char *slave = ptsname(master);
    assert_non_null(slave);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int s = open(slave, O_RDWR), null = open("/dev/null", O_WRONLY);
        if (s < 0 || null < 0 || dup2(s, 2) < 0 || dup2(null, 1) < 0) _exit(126);
        close(master);
        alarm(300);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    size_t got = 0;
    for (ssize_t r; got + 1 < cap && (r = read(master, text + got, cap - 1 - got)) > 0;) got += (size_t)r;
    text[got] = '\0';                               /* read ends with EIO once the child is gone */
    close(master);
    int status;
    assert_true(waitpid(pid, &status, 0) == pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

#endif
