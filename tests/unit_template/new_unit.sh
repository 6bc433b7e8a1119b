#!/usr/bin/env bash
# Adds a unit to the tree: the files every unit has, for a minimal one (a copy codec: the stream
# is the line itself) that passes every consumer's checks, and the one line that lists a codec.
#   tests/unit_template/new_unit.sh NAME     (NAME: lower case letters and digits, not a unit yet)
# It prints each file it writes. README "Adding a unit" is this script's list, and
# `make template-test` runs it in a copy of the tree and checks that every consumer (lint,
# verify, Icarus, vectors, C tests, synthesis report, `nocpress compare`, npsim's codec list)
# picks the new unit up, so the section cannot go stale. A real unit replaces each file's body.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=${1:-}
[[ $name =~ ^[a-z][a-z0-9]{1,15}$ ]] || { echo "usage: $0 NAME (lower case letters and digits, 2-16)" >&2; exit 2; }
[ ! -e "rtl/$name" ] || { echo "$0: rtl/$name exists: $name is a unit already" >&2; exit 1; }
grep -q "X($name)" cmodel/src/codec.c && { echo "$0: codec $name exists" >&2; exit 1; }
top=${name}_copy
NAME=$(tr a-z A-Z <<< "$name")

put() {   # put PATH: writes stdin to PATH (the unit's own file), with NAME/TOP substituted
  mkdir -p "$(dirname "$1")"
  sed -e "s/@name@/$name/g" -e "s/@NAME@/$NAME/g" -e "s/@top@/$top/g" > "$1"
  echo "$1"
}

# 1. The spec: the format to the bit, and the decisions.
put "docs/$name.md" <<'EOF'
# @name@: the unit template's copy codec

Written by `tests/unit_template/new_unit.sh`. The compressed stream of a 128-byte line is the
line itself: 1024 bits, bit i = bit (i % 8) of byte i / 8 (docs/conventions.md). The RTL top
`@top@` takes one line per cycle and gives the stream one cycle later (one register stage).
EOF

# 2. The C model: whole-unit API and the registry entry (the decompressor has no RTL).
put "cmodel/include/$name.h" <<'EOF'
/* @name@: the unit template's copy codec (docs/@name@.md). */
#ifndef NP_@NAME@_H
#define NP_@NAME@_H

#include <stddef.h>
#include <stdint.h>
#include "np_result.h"

#define @NAME@_LINE_BYTES 128u
#define @NAME@_BITS 1024u
/* Bumped when a stream, length or result changes; NOCPRESS_MODELS lists it by itself
 * (docs/embedding.md "Versions"). */
#define @NAME@_MODEL_VERSION "1.0"

np_result @name@_compress(const uint8_t line[@NAME@_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits);
np_result @name@_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

#endif
EOF
put "cmodel/src/$name.c" <<'EOF'
/* @name@: the unit template's copy codec (docs/@name@.md). */
#include "@name@.h"

#include <string.h>

#include "codec.h"

np_result @name@_compress(const uint8_t line[@NAME@_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || dst == NULL || out_bits == NULL) return NP_BAD_PARAM;
    *out_bits = @NAME@_BITS;
    if (dst_bytes < @NAME@_LINE_BYTES) return NP_NO_SPACE;
    memcpy(dst, line, @NAME@_LINE_BYTES);
    return NP_OK;
}

np_result @name@_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (src == NULL || dst == NULL) return NP_BAD_PARAM;
    if (dst_bytes < @NAME@_LINE_BYTES) return NP_NO_SPACE;
    memset(dst, 0, @NAME@_LINE_BYTES);
    if (src_bits != @NAME@_BITS) return NP_BAD_DATA;
    memcpy(dst, src, @NAME@_LINE_BYTES);
    return NP_OK;
}

static np_result entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[NP_CODEC_LINE_BYTES],
                                uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    if (fill) *fill = NP_CODEC_FILL_ALL;
    return @name@_compress(line, dst, dst_bytes, out_bits);
}

static np_result entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src, size_t src_bits,
                                  uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return @name@_decompress(src, src_bits, dst, dst_bytes);
}

const np_codec np_codec_@name@ = {
    .name = "@name@",
    .description = "@name@: the unit template's copy codec",
    .spec = "docs/@name@.md",
    .max_bits = @NAME@_BITS,
    .compress = entry_compress,
    .decompress = entry_decompress,
    .comp_top = "@top@",
    .decomp_top = NULL,
    .own_comp_cycles = 1,
    .own_decomp_cycles = 0,
    .own_source = "docs/@name@.md (one register stage)",
};
EOF
# The codec's one line in the registry's list (cmodel/src/codec.c, NP_CODEC_LIST).
sed -i -E "s/^(    X\(cpack_sync\))( *)$/\1 \\\\\n    X($name)/" cmodel/src/codec.c
grep -q "X($name)" cmodel/src/codec.c || { echo "$0: could not list $name in NP_CODEC_LIST" >&2; exit 1; }
echo "cmodel/src/codec.c (NP_CODEC_LIST: X($name))"

# 3. The RTL and the unit's declaration.
put "rtl/$name/unit.mk" <<'EOF'
# @name@ (docs/@name@.md): the unit template's copy codec, tests/unit_template/new_unit.sh.
@name@_TOPS := @top@
@name@_RTL  := $(sort $(wildcard rtl/@name@/*.v))
EOF
put "rtl/$name/$top.v" <<'EOF'
// @top@: the copy codec's compressor (docs/@name@.md): the stream is the line, 1024 bits.
// Latency 1 (one np_stream_register stage), one line per cycle.
module @top@ (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [10:0]   out_len_o,
  output wire [1023:0] out_bits_o
);

  assign out_len_o = 11'd1024;

  np_stream_register #(
    .Width(1024)
  ) u_stage (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_valid_i),
    .in_ready_o (in_ready_o),
    .in_data_i  (in_line_i),
    .out_valid_o(out_valid_o),
    .out_ready_i(out_ready_i),
    .out_data_o (out_bits_o)
  );

endmodule
EOF

# 4. The vectors' generator (nocpress vectors --unit NAME finds it by the unit's name).
put "cmodel/tool/vectors_$name.h" <<'EOF'
/* Golden vectors of @top@ (docs/vectors.md): lines and their streams from the C model. */
#ifndef NP_VECTORS_@NAME@_H
#define NP_VECTORS_@NAME@_H
int vectors_@name@_write(const char *dir, const char *command);
#endif
EOF
put "cmodel/tool/vectors_$name.c" <<'EOF'
/* Golden vectors of @top@ (docs/vectors.md): {in_line[1023:0], exp_len[10:0], exp_bits[1023:0]},
 * the expectations from the C model through vecgen's line-codec writer. */
#include "vectors_@name@.h"

#include "@name@.h"
#include "cli.h"
#include "vecgen.h"

#define VECTORS 64u

_Static_assert(@NAME@_LINE_BYTES == VECGEN_LINE_BYTES, "a @name@ line fills a line vector");

int vectors_@name@_write(const char *dir, const char *command) {
    static const vecgen_line_codec codec = {"@name@_compress", @name@_compress, @name@_decompress, 11, @NAME@_BITS};
    static const vecfile_spec spec = {"@top@", "{in_line[1023:0], exp_len[10:0], exp_bits[1023:0]}",
                                      1024u + 11u + @NAME@_BITS, NULL};
    const vecfile_origin origin = {"docs/vectors.md, docs/@name@.md", "nocpress @name@ C model (docs/@name@.md)",
                                   command};
    vec_list l = {0};
    bool failed = false;
    prng rng;
    prng_seed(&rng, UINT64_C(0x746d706c));
    uint8_t line[VECGEN_LINE_BYTES] = {0};
    vecgen_add_line(&l, &failed, line, "zeros");
    for (unsigned i = 1; i < VECTORS && !failed; i++) {
        prng_fill(&rng, line, sizeof line);
        vecgen_add_line(&l, &failed, line, "random_%u", i);
    }
    bool ok = !failed && vecgen_write_line_compressor(dir, &spec, &origin, &l, &codec);
    vec_list_free(&l);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
EOF

# 5. The harnesses: Verilator (C model as the oracle) and Icarus (the vector file alone).
put "verilator_tb/${top}_tb.cpp" <<'EOF'
// Equivalence harness for @top@ (docs/@name@.md): every accepted line is compressed by the C
// model (@name@_compress) and the RTL's out_len_o and out_bits_o must match. Stimulus: the
// golden vectors, then random lines.
#include <cstring>
#include <vector>

#include "V@top@.h"
#include "harness.h"
#include "hexfile.h"
#include "stream.h"

extern "C" {
#include "@name@.h"
}

namespace {

const tb::HexLayout kLayout{{"in_line", 1024}, {"exp_len", 11}, {"exp_bits", 1024}};

class CopyAdapter : public tb::StreamAdapter<CopyAdapter, V@top@> {
public:
    static constexpr const char *kUnit = "@top@";
    static constexpr int kSpecLatency = 1;  // docs/@name@.md

    struct Input {
        uint8_t line[@NAME@_LINE_BYTES];
    };

    explicit CopyAdapter(const tb::Options &opt) {
        if (opt.vectors.empty()) return;
        for (const tb::HexVector &v : tb::load_hex_vectors(opt.vectors, kLayout)) {
            std::vector<uint8_t> line(@NAME@_LINE_BYTES);
            kLayout.get(v.value, "in_line").to_bytes(line.data(), line.size());
            tb::expect_recorded(kLayout, v, "exp_bits", model(line.data()).fields[1].value);
            vectors_.push_back(std::move(line));
        }
    }

    void begin_run(tb::Rng &) { next_ = 0; }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_ < vectors_.size()) {
            std::memcpy(in.line, vectors_[next_].data(), sizeof in.line);
            origin = tb::Origin{"vector", next_++, nullptr};
            return true;
        }
        for (auto &b : in.line) b = static_cast<uint8_t>(rng.next32());
        return true;
    }

    void drive_input(Dut &d, const Input &in) { tb::put_bytes(d.in_line_i, in.line, sizeof in.line); }
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    tb::Txn predict(Input &in) { return model(in.line); }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", 11, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, 1024));
        return t;
    }

    const char *outcome(const tb::Txn &) const { return "copied"; }
    void coverage(std::map<std::string, uint64_t> &) const {}
    std::string describe(const Input &in) const { return "in_line=" + tb::bytes_hex(in.line, sizeof in.line); }

private:
    static tb::Txn model(const uint8_t *line) {
        uint8_t buf[@NAME@_LINE_BYTES];
        size_t n = 0;
        if (@name@_compress(line, buf, sizeof buf, &n) != NP_OK) throw tb::Error("internal: @name@_compress failed");
        tb::Txn t;
        t.add_u64("out_len", 11, n);
        t.add("out_bits", tb::Bits::from_bytes(1024, buf, sizeof buf));
        return t;
    }

    std::vector<std::vector<uint8_t>> vectors_;
    size_t next_ = 0;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<CopyAdapter>(argc, argv); }
EOF
put "verilator_tb/iverilog/${top}_tb.v" <<'EOF'
// Icarus (iverilog -g2005) replay of vectors/@name@/@top@.hex through @top@ (tb_stream.vh).
module @top@_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "@top@";
  localparam integer VecBits = ((1024 + 11 + 1024 + 3) / 4) * 4;
  localparam integer InBits = 1024;
  localparam integer ExpBits = 11 + 1024;
  localparam integer OutBits = 1024 + 11;

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [1023:0] out_bits;
  wire [10:0] out_len;
  wire [OutBits-1:0] out_word = {out_bits, out_len};
  wire feed_ready = 1'b1;

  @top@ u_dut (
    `TB_HANDSHAKE_PORTS
    .in_line_i  (in_word),
    .out_bits_o (out_bits),
    .out_len_o  (out_len)
  );

  wire [10:0] exp_len;
  wire [1023:0] exp_bits;
  assign {exp_len, exp_bits} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "out_len", exp_len, out_len)
      `TB_EXPECT(checked, "out_bits", exp_bits, out_bits)
    end
  endtask
endmodule
EOF

# 6. The C test of the model.
put "tests/test_$name.c" <<'EOF'
/* @name@'s C model (docs/@name@.md): round trip, stream length, strict decoder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "@name@.h"

static void test_round_trip(void **state) {
    (void)state;
    uint8_t line[128], bits[128], back[128];
    for (unsigned i = 0; i < 128; i++) line[i] = (uint8_t)(i * 37u + 5u);
    size_t n = 0;
    assert_int_equal(@name@_compress(line, bits, sizeof bits, &n), NP_OK);
    assert_int_equal(n, 1024);
    assert_int_equal(@name@_decompress(bits, n, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
    assert_int_equal(@name@_decompress(bits, n - 1, back, sizeof back), NP_BAD_DATA);
    assert_int_equal(@name@_compress(line, bits, 127, &n), NP_NO_SPACE);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_round_trip)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
EOF
echo "vectors/$name/ (written by: make vectors, i.e. nocpress vectors --unit $name)"
