/* Sizing a memory reply with libnocpress, the way a cycle-level simulator's memory partition
 * would (docs/embedding.md). Built by `make install-test` against an installed copy only, as
 * C11 and as C++17, so it is kept to the common subset of both languages.
 *
 *   cc  -std=c11   $(pkg-config --cflags nocpress) size_reply.c -o size_reply $(pkg-config --libs nocpress)
 *   c++ -std=c++17 -x c++ $(pkg-config --cflags nocpress-static) size_reply.c -x none -o size_reply_cxx \
 *       $(pkg-config --libs nocpress-static)
 *   ./size_reply [CODEC...|all]     (default: dsm; docs/embedding.md has the whole sequence)
 *
 * For each codec and three sample lines it prints the stream length in bits and the reply's
 * length in flits, and checks that the stream decodes back to the line. Exit status 1 on any
 * failure. */
#include <nocpress/nocpress.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The simulator's network: a 64-bit reply header and 128-bit flits (example values). */
#define REPLY_HEADER_BITS 64u
#define FLIT_BITS 128u

/* One link's compressor: the codec and, for a stateful codec (C-Pack's synchronised
 * dictionary, SC's code table), one state blob per end, both owned by the simulator. */
typedef struct {
    const np_codec *codec;
    void *comp_state;
    void *decomp_state;
} reply_link;

static int link_open(reply_link *l, const np_codec *c) {
    l->codec = c;
    l->comp_state = NULL;
    l->decomp_state = NULL;
    if (c->state_bytes > 0) {
        l->comp_state = malloc(c->state_bytes);
        l->decomp_state = malloc(c->state_bytes);
        if (l->comp_state == NULL || l->decomp_state == NULL) {
            free(l->comp_state);
            free(l->decomp_state);
            return 0;
        }
        np_codec_init(c, l->comp_state);
        np_codec_init(c, l->decomp_state);
    }
    return 1;
}

static void link_close(reply_link *l) {
    free(l->comp_state);
    free(l->decomp_state);
}

/* What the memory partition does when a read reply leaves: compress the 128-byte line and size
 * the packet. What the core does when it arrives: decompress. Returns the flit count, 0 on
 * error; *bits gets the stream length. */
static unsigned reply_flits(reply_link *l, const uint8_t line[NP_CODEC_LINE_BYTES], size_t *bits) {
    np_codec_opts opts;
    uint8_t stream[NP_CODEC_MAX_BYTES];
    uint8_t back[NP_CODEC_LINE_BYTES];
    unsigned fill = 0;
    memset(&opts, 0, sizeof opts); /* map 0: the whole line */
    if (np_codec_compress(l->codec, l->comp_state, &opts, line, stream, sizeof stream, bits, &fill) != NP_OK) {
        fprintf(stderr, "%s: compress failed\n", l->codec->name);
        return 0;
    }
    if (np_codec_decompress(l->codec, l->decomp_state, &opts, stream, *bits, back, sizeof back) != NP_OK ||
        fill != NP_CODEC_FILL_ALL || memcmp(back, line, sizeof back) != 0) {
        fprintf(stderr, "%s: the stream does not decode to the line\n", l->codec->name);
        return 0;
    }
    return (unsigned)((REPLY_HEADER_BITS + *bits + FLIT_BITS - 1u) / FLIT_BITS);
}

/* Three sample lines: all zero, small 32-bit integers, and splitmix64 noise. */
static void sample_line(unsigned which, uint8_t line[NP_CODEC_LINE_BYTES]) {
    uint64_t s = 1;
    for (unsigned i = 0; i < NP_CODEC_LINE_BYTES; i++) {
        if (which == 0) {
            line[i] = 0;
        } else if (which == 1) {
            line[i] = (uint8_t)(i % 4u == 0 ? i / 4u : 0u); /* little-endian 0, 1, 2, ... */
        } else {
            uint64_t z = (s += UINT64_C(0x9E3779B97F4A7C15));
            z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
            z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
            line[i] = (uint8_t)(z ^ (z >> 31));
        }
    }
}

static int size_with(const np_codec *c) {
    static const char *const names[] = {"zero line", "small ints", "random"};
    reply_link l;
    if (!link_open(&l, c)) {
        fprintf(stderr, "%s: out of memory\n", c->name);
        return 0;
    }
    int ok = 1;
    for (unsigned k = 0; k < 3u && ok; k++) {
        uint8_t line[NP_CODEC_LINE_BYTES];
        size_t bits = 0;
        sample_line(k, line);
        unsigned flits = reply_flits(&l, line, &bits);
        ok = flits > 0;
        if (ok) {
            printf("%-10s %-10s %4zu bits -> %u flits (uncompressed: %u)\n", c->name, names[k], bits, flits,
                   (REPLY_HEADER_BITS + 8u * NP_CODEC_LINE_BYTES + FLIT_BITS - 1u) / FLIT_BITS);
        }
    }
    link_close(&l);
    return ok;
}

int main(int argc, char **argv) {
    /* A shared library can be newer than the headers a program was built with. */
    if (strcmp(np_version(), NOCPRESS_VERSION) != 0) {
        fprintf(stderr, "libnocpress %s loaded, headers are %s\n", np_version(), NOCPRESS_VERSION);
        return 1;
    }
    printf("libnocpress %s (models: %s)\n", np_version(), np_version_models());
    int ok = 1;
    if (argc < 2) {
        ok = size_with(np_codec_find("dsm"));
    } else if (strcmp(argv[1], "all") == 0) {
        for (unsigned i = 0; i < np_codec_count() && ok; i++) {
            ok = size_with(np_codec_at(i));
        }
    } else {
        for (int a = 1; a < argc && ok; a++) {
            const np_codec *c = np_codec_find(argv[a]);
            if (c == NULL) {
                char known[256];
                fprintf(stderr, "unknown codec '%s' (known: %s)\n", argv[a], np_codec_names(known, sizeof known));
                return 2;
            }
            ok = size_with(c);
        }
    }
    return ok ? 0 : 1;
}
