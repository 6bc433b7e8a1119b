/* Coroutine switch for the SIMT runtime; see simt_ctx.h. */
#define _GNU_SOURCE
#include "simt_ctx.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define SIMT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIMT_ASAN 1
#endif
#endif

#ifdef SIMT_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
/* The context being left by the switch in progress: the one resumed learns the bounds of its
 * predecessor's stack from ASan (the host stack's bounds are only known this way). */
static simt_ctx *asan_leaving;

static void asan_before(simt_ctx *from, simt_ctx *to, void **fake) {
    asan_leaving = from;
    __sanitizer_start_switch_fiber(fake, to->stack, to->size);
}

static void asan_after(void *fake) {
    const void *bottom;
    size_t size;
    __sanitizer_finish_switch_fiber(fake, &bottom, &size);
    if (asan_leaving && !asan_leaving->stack) {
        asan_leaving->stack = (void *)(uintptr_t)bottom;
        asan_leaving->size = size;
    }
}
#endif

#ifdef SIMT_CTX_ASM
/* simt_ctx_swap(save, to): push the callee-saved registers, store the stack pointer in *save,
 * load `to`, pop its registers, return into it. A new context's first "return" lands in
 * simt_ctx_start with entry in r13 and its argument in r12. */
void simt_ctx_swap(void **save, void *to);
void simt_ctx_start(void);
__asm__(".text\n"
        ".globl simt_ctx_swap\n"
        ".type simt_ctx_swap,@function\n"
        "simt_ctx_swap:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size simt_ctx_swap, .-simt_ctx_swap\n"
        ".globl simt_ctx_start\n"
        ".type simt_ctx_start,@function\n"
        "simt_ctx_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size simt_ctx_start, .-simt_ctx_start\n");

struct ctx_boot {
    void (*entry)(void *);
    void *arg;
};

static void ctx_first_entry(void *boot_arg) {
    struct ctx_boot *b = boot_arg;
#ifdef SIMT_ASAN
    asan_after(NULL);
#endif
    b->entry(b->arg);
    abort(); /* entry must not return */
}

void simt_ctx_make(simt_ctx *ctx, void *stack, size_t size, void (*entry)(void *), void *arg) {
#ifdef SIMT_ASAN
    /* a reused stack keeps the poisoned redzones of the frames its last coroutine left behind */
    ASAN_UNPOISON_MEMORY_REGION(stack, size);
#endif
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    /* the boot record sits at the top of the stack; below it the return slot must be at
     * 8 mod 16 so the entry function sees the ABI's alignment after the call */
    top -= 16;
    struct ctx_boot *boot = (struct ctx_boot *)top;
    boot->entry = entry;
    boot->arg = arg;
    void **frame = (void **)(top - 8 - 6 * sizeof(void *));
    frame[0] = NULL;                        /* r15 */
    frame[1] = NULL;                        /* r14 */
    frame[2] = (void *)(uintptr_t)ctx_first_entry; /* r13: entry */
    frame[3] = boot;                        /* r12: its argument */
    frame[4] = NULL;                        /* rbx */
    frame[5] = NULL;                        /* rbp */
    frame[6] = (void *)(uintptr_t)simt_ctx_start; /* return address */
    ctx->sp = frame;
    ctx->stack = stack;
    ctx->size = size;
}

void simt_ctx_switch(simt_ctx *from, simt_ctx *to) {
#ifdef SIMT_ASAN
    void *fake = NULL;
    asan_before(from, to, &fake);
    simt_ctx_swap(&from->sp, to->sp);
    asan_after(fake);
#else
    simt_ctx_swap(&from->sp, to->sp);
#endif
}

#else /* ucontext fallback */

static void ctx_uc_entry(unsigned hi, unsigned lo, unsigned ehi, unsigned elo) {
    void *arg = (void *)(((uintptr_t)hi << 16 << 16) | lo);
    void (*entry)(void *) = (void (*)(void *))(((uintptr_t)ehi << 16 << 16) | elo);
#ifdef SIMT_ASAN
    asan_after(NULL);
#endif
    entry(arg);
    abort();
}

void simt_ctx_make(simt_ctx *ctx, void *stack, size_t size, void (*entry)(void *), void *arg) {
#ifdef SIMT_ASAN
    ASAN_UNPOISON_MEMORY_REGION(stack, size);
#endif
    if (getcontext(&ctx->uc) != 0) {
        perror("simt: getcontext");
        exit(2);
    }
    ctx->uc.uc_stack.ss_sp = stack;
    ctx->uc.uc_stack.ss_size = size;
    ctx->uc.uc_link = NULL;
    ctx->stack = stack;
    ctx->size = size;
    uintptr_t a = (uintptr_t)arg, e = (uintptr_t)entry;
    makecontext(&ctx->uc, (void (*)(void))ctx_uc_entry, 4, (unsigned)(a >> 16 >> 16), (unsigned)a,
                (unsigned)(e >> 16 >> 16), (unsigned)e);
}

void simt_ctx_switch(simt_ctx *from, simt_ctx *to) {
#ifdef SIMT_ASAN
    void *fake = NULL;
    asan_before(from, to, &fake);
    swapcontext(&from->uc, &to->uc);
    asan_after(fake);
#else
    swapcontext(&from->uc, &to->uc);
#endif
}
#endif

