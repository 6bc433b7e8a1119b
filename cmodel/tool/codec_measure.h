/* Measuring one codec of the registry (codec.h) over a file's lines, the way every table of the
 * CLI does it: stateful codecs get one compressor-side and one decompressor-side state for the
 * whole file, in line order (a packet stream); trained codecs (SC) observe every line of the
 * file and rebuild once before compressing (the "trained on the file itself" convention of
 * docs/sc.md); every stream is decoded again and compared with what was sent, so a size is never
 * reported for a stream that does not round-trip. */
#ifndef NP_CODEC_MEASURE_H
#define NP_CODEC_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "codec.h"

typedef struct {
    size_t lines;
    uint64_t bytes;         /* lines * 128 */
    uint64_t bits;          /* sum of the streams' lengths */
} codec_figures;

/* Compresses every line of in (from its first line; a trained codec reads the file twice: once
 * to train, once to compress, so memory stays one chunk of lines) with c (after clearing approx_bits mantissa LSBs of every 32-bit
 * word when approx_bits > 0, docs/dsm.md 5.2), decodes each stream and checks it. False, with a
 * message naming the file, line and codec on stderr, on any error or mismatch. */
bool codec_measure(const np_codec *c, const np_codec_opts *opts, unsigned approx_bits, const char *path,
                   cli_lines *in, codec_figures *fig);

#endif
