/* Coroutine contexts for the SIMT runtime's threads (runtime-private).
 * x86-64: a 6-register switch in assembly (simt_ctx.c), no system call, a few nanoseconds.
 * Elsewhere: ucontext's swapcontext (correct, but a sigprocmask system call per switch).
 * Under AddressSanitizer every switch tells ASan which stack it is on (the fiber annotations of
 * <sanitizer/common_interface_defs.h>), so stack poisoning follows the coroutines. */
#ifndef SIMT_CTX_H
#define SIMT_CTX_H

#include <stddef.h>

#if defined(__x86_64__) && !defined(SIMT_CTX_UCONTEXT)
#define SIMT_CTX_ASM 1
typedef struct {
    void *sp;
    void *stack; /* base and size of the stack it runs on (NULL: the host thread's own) */
    size_t size;
} simt_ctx;
#else
#include <ucontext.h>
typedef struct {
    ucontext_t uc;
    void *stack;
    size_t size;
} simt_ctx;
#endif

/* Prepare ctx to run entry(arg) on [stack, stack + size) the first time it is switched to.
 * entry must never return (it switches away for the last time). */
void simt_ctx_make(simt_ctx *ctx, void *stack, size_t size, void (*entry)(void *), void *arg);
/* Save the current context in from and continue in to. */
void simt_ctx_switch(simt_ctx *from, simt_ctx *to);

#endif
