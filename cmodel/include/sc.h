/* SC: statistical (Huffman) compression of 128-byte lines, after SC2 (Arelakis and Stenstrom,
 * ISCA 2014) as seed 004 sec. IV-C configures it. C golden model; the format is defined to the
 * bit in docs/sc.md and the section numbers below refer to it.
 *
 * All state (the value frequency table, the compressor's code table and the decompressor's
 * DeLUT) lives in one caller-owned sc_state of plain data: no pointers, so memcpy is a complete
 * snapshot (codec.h's np_codec_sync relies on it). Life cycle: sc_init, then sc_observe on the
 * sampled lines of a period, then sc_rebuild (codes from the counts; clears the counts), then
 * sc_compress / sc_decompress until the next sc_rebuild. The decompressor side needs only the
 * DeLUT part, which is what sc_delut_image / sc_delut_load carry (the configuration port,
 * sec. 6). Stage functions mirror the hardware's stages so each can be checked alone. */
#ifndef SC_H
#define SC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_LINE_BYTES 128u
#define SC_WORDS 32u                  /* symbols per line: 32-bit words */
#define SC_VFT_ENTRIES 1024u          /* seed 004 IV-C */
#define SC_VFT_WAYS 16u               /* sec. 2.1 Decision */
#define SC_VFT_SETS (SC_VFT_ENTRIES / SC_VFT_WAYS)   /* 64 */
#define SC_COUNT_BITS 12u             /* seed 004 IV-C */
#define SC_COUNT_MAX ((1u << SC_COUNT_BITS) - 1u)    /* 4095 */
#define SC_MAX_SYMBOLS (SC_VFT_ENTRIES + 1u)         /* every VFT value plus the escape */
#define SC_MAX_LEN 16u                /* longest code, sec. 3.2 Decision */
#define SC_FAST_BITS 10u              /* stream bits the C model's first-level decode table covers */
#define SC_CODE_HASH_BITS 12u         /* log2 of the C model's value-to-code hash slots */
#define SC_CODE_HASH_SLOTS (1u << SC_CODE_HASH_BITS) /* 4096: at most a quarter used */
#define SC_RAW_BITS (8u * SC_LINE_BYTES)             /* 1024 */
#define SC_MAX_BITS (1u + SC_RAW_BITS)               /* 1025: the uncompressed fallback */
#define SC_MAX_BYTES ((SC_MAX_BITS + 7u) / 8u)       /* 129 */
#define SC_ESCAPE_RAW_BITS 32u
/* Configuration-port image of the DeLUT (sec. 6): 1 header word, 16 per-length words, 1025
 * symbol words. */
#define SC_DELUT_WORDS (1u + SC_MAX_LEN + SC_MAX_SYMBOLS)   /* 1042 */
/* Configuration-port image of the compressor's code table (sec. 6.1): two words per entry (its
 * value, then its code and length), then the escape's code and length. */
#define SC_CODE_WORDS (2u * SC_VFT_ENTRIES + 1u)            /* 2049 */
#define SC_CODE_ESC_WORD (2u * SC_VFT_ENTRIES)              /* 2048 */

/* Version of the model's bit-exact behaviour; golden vector files record it. */
#define SC_MODEL_VERSION "1.0"

typedef struct {
    /* Value frequency table (sec. 2): set s, way w is entry s * 16 + w. count 0 = empty. */
    uint32_t vft_value[SC_VFT_ENTRIES];
    uint16_t vft_count[SC_VFT_ENTRIES];
    uint16_t esc_count;               /* escape frequency: counts of evicted values (sec. 2.3) */
    uint32_t halvings;                /* times the counters were halved this period (statistics) */
    uint64_t observed_words;          /* words sampled this period (statistics, not in hardware) */

    /* Compressor code table (sec. 3.4): same set/way layout as the VFT it was built from;
     * ct_len 0 = no code in that slot. */
    uint32_t ct_value[SC_VFT_ENTRIES];
    uint16_t ct_code[SC_VFT_ENTRIES];
    uint8_t ct_len[SC_VFT_ENTRIES];
    uint16_t esc_code;
    uint8_t esc_len;
    /* The model's derived compressor tables (a speed-up of the C model, not hardware state;
     * rebuilt from the code table wherever it changes): per slot, its entry's field as it goes
     * into the stream, the code bit-reversed (sec. 4.2) in bits 15..0 and the length in bits
     * 20..16 (0 for an empty slot); the escape's field likewise, with bit 31 set. */
    uint32_t ct_field[SC_VFT_ENTRIES];
    uint32_t esc_field;
    /* The same code table keyed by value (a speed-up of the C model, not hardware state, rebuilt
     * with ct_field): a two-choice (cuckoo) hash, each value with a code in one of its two
     * slots (sc.c's code_hash_slot), each slot the value in bits 31..0 and its
     * ct_field in bits 63..32; an empty slot holds a value without a code and esc_field. A
     * lookup reads two slots instead of scanning the set's 16 ways. code_hash_ok false: some
     * value found no slot, lookups scan the set. */
    uint64_t code_hash[SC_CODE_HASH_SLOTS];
    bool code_hash_ok;

    /* Decompressor DeLUT (sec. 5): symbols in canonical code order and the per-length
     * comparator table. limit[l] = first code of length l + count of length l (17 bits: 2^16
     * at l = 16 for a full code); offset[l] = symbols with codes shorter than l. */
    uint32_t delut[SC_MAX_SYMBOLS];
    uint32_t limit[SC_MAX_LEN + 1u];
    uint16_t offset[SC_MAX_LEN + 1u];
    uint16_t n_symbols;               /* symbols in the code, escape included (>= 1) */
    uint16_t esc_index;               /* the escape's DeLUT index */
    /* The model's first-level decode table (a speed-up of the C model, not hardware state; it
     * follows the DeLUT, rebuilt wherever that changes): for each SC_FAST_BITS stream bits (the
     * first in bit 0), what sec. 5.1's comparators and the DeLUT give for a code of length
     * l <= SC_FAST_BITS: l in bits 4..0, bit 5 set for the escape (so bits 5..0 are the bits
     * the code and the escape's word take: a decoder shifts its stream by them at once), its
     * value in bits 63..32; 0 when they match no length up to SC_FAST_BITS or the index is not
     * a symbol (the comparators then decide). */
    uint64_t fast[1u << SC_FAST_BITS];

    uint32_t epoch;                   /* rebuilds so far: which table compressed a line */
    uint32_t build_items;             /* package-merge list items of the last rebuild (its cost) */
} sc_state;

/* ---- whole unit ------------------------------------------------------------------------------ */

/* Reset state: empty VFT, and the untrained code (escape only, sec. 3.5): every line then takes
 * the uncompressed fallback. */
void sc_init(sc_state *st);
/* Offers one line as a training sample: its 32 words, word 0 first, each one VFT update. */
void sc_observe(sc_state *st, const uint8_t line[SC_LINE_BYTES]);
/* Ends a training period: builds the length-limited canonical code from the VFT counts into
 * the code table and the DeLUT, then clears the VFT (sec. 3). NP_BAD_PARAM for NULL. */
np_result sc_rebuild(sc_state *st);

/* Compress one line into dst (dst_bytes available; SC_MAX_BYTES always suffices). *out_bits
 * gets the stream length. NP_NO_SPACE when dst is too small (*out_bits still set, dst
 * untouched); NP_BAD_PARAM for a NULL pointer. */
np_result sc_compress(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint8_t *dst,
                      size_t dst_bytes, size_t *out_bits);
/* Decompress a stream of exactly src_bits bits with the DeLUT of st (sec. 5). NP_BAD_DATA on
 * any malformed stream (sec. 4.3), never reading outside src's (src_bits + 7) / 8 bytes; dst is
 * all zero after any error. NP_NO_SPACE when dst_bytes < 128, NP_BAD_PARAM for NULL. */
np_result sc_decompress(const sc_state *st, const uint8_t *src, size_t src_bits, uint8_t *dst,
                        size_t dst_bytes);
/* Length in bits sc_compress would produce (0 for NULL arguments). */
size_t sc_compressed_bits(const sc_state *st, const uint8_t line[SC_LINE_BYTES]);

/* The same two functions through the stages below (sc_code_lookup, sc_concat, sc_decode_symbol)
 * one word at a time, as the RTL's units: the reference the fast whole-line path of sc_compress /
 * sc_decompress is tested against (tests/test_sc.c). Same contracts, same results. */
np_result sc_compress_stages(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint8_t *dst,
                             size_t dst_bytes, size_t *out_bits);
np_result sc_decompress_stages(const sc_state *st, const uint8_t *src, size_t src_bits, uint8_t *dst,
                               size_t dst_bytes);

/* ---- stages ---------------------------------------------------------------------------------- */

/* VFT set index of a value (sec. 2.1): XOR of its six 6-bit slices (the top slice 2 bits). */
unsigned sc_vft_set(uint32_t value);
/* VFT lookup: entry index (set * 16 + way) of value among the non-empty entries, or -1. */
int sc_vft_lookup(const sc_state *st, uint32_t value);
/* One VFT update for one sampled word (sec. 2.2: hit, miss with LFU replacement, halving). */
void sc_vft_update(sc_state *st, uint32_t value);

/* Optimal code lengths of n symbols (2 <= n <= SC_MAX_SYMBOLS) with weights w[] and lengths at
 * most max_len (n <= 2^max_len, max_len <= SC_MAX_LEN) by package-merge (sec. 3.2). Symbols
 * are ranked by (weight, index) ascending; ties break on the index. len[] receives 1..max_len;
 * the code is full (Kraft sum 1). Returns the number of list items merged (the build cost), or
 * 0 for arguments outside the range. */
size_t sc_code_lengths(const uint32_t *w, unsigned n, unsigned max_len, uint8_t *len);

/* Code lookup (compressor stage 1): true and the code (*code, *len) when value has one; false
 * when the word must be escaped (then *code / *len are the escape's). */
bool sc_code_lookup(const sc_state *st, uint32_t value, uint32_t *code, unsigned *len);

/* Concatenation (compressor stage 2): the compressed body of 32 words (sec. 4.1) from each
 * word's code, length and escape flag, into dst (LSB-first packing, codes MSB first). Returns
 * the body length in bits, or 0 when it does not fit dst_bytes. */
size_t sc_concat(const uint32_t code[SC_WORDS], const unsigned len[SC_WORDS],
                 const bool escaped[SC_WORDS], const uint32_t word[SC_WORDS], uint8_t *dst,
                 size_t dst_bytes);

/* Per-length comparator decode (decompressor stage): window holds the next stream bits, the
 * first in bit 15 (MSB-first order of the codes, sec. 5), avail of them valid (0..16; the rest
 * zero). Returns the code length 1..16 and *index its DeLUT index, or 0 when no code of at
 * most avail bits matches (a code not in the table, or a truncated one). */
unsigned sc_decode_symbol(const sc_state *st, uint32_t window, unsigned avail, unsigned *index);

/* ---- configuration port (sec. 6) ------------------------------------------------------------- */

/* The DeLUT image the configuration port loads: SC_DELUT_WORDS 32-bit words. */
void sc_delut_image(const sc_state *st, uint32_t words[SC_DELUT_WORDS]);
/* Loads an image into the DeLUT part of st (the rest untouched). NP_BAD_DATA for an image no
 * sc_rebuild can produce (counts beyond the code space, bad escape index, nonzero unused
 * words); st's DeLUT is unchanged then. */
np_result sc_delut_load(sc_state *st, const uint32_t words[SC_DELUT_WORDS]);

/* The compressor code-table image its configuration port loads (sec. 6.1): SC_CODE_WORDS
 * 32-bit words. */
void sc_code_image(const sc_state *st, uint32_t words[SC_CODE_WORDS]);
/* Loads an image into the compressor part of st (ct_*, esc_code, esc_len; the rest untouched).
 * NP_BAD_DATA, st unchanged, for an image the compressor RTL cannot hold as written: a length
 * above 16, code bits at or above the length, an empty entry (length 0) with a nonzero value or
 * code, a value outside its entry's set, an escape length of 0, nonzero reserved bits. */
np_result sc_code_load(sc_state *st, const uint32_t words[SC_CODE_WORDS]);

#ifdef __cplusplus
}
#endif
#endif
