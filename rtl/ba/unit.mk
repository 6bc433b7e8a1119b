# BA unit (docs/ba.md): the bypass-aware L1 tag unit in BA mode and, as the baseline, in LRU mode.
ba_TOPS := ba_tag_ba ba_tag_lru
ba_RTL  := $(sort $(wildcard rtl/ba/*.v))
# Verilator's DFG pass rebuilds the tag array's flat views every cycle; without it 200,000 lines
# take 1.1 CPU s instead of 3.4 (ba_tag_ba; ba_tag_lru 0.6 instead of 2.8) for the same build.
ba_TB_VLFLAGS := -fno-dfg
# Harness parameter variant (make verify-variants): the 4-way configuration of 16 KB
# (docs/ba.md 1): 32 sets x 4 ways, threshold 2.
ba_TB_VARIANTS := ba_tag_ba:way4 ba_tag_lru:way4
TB_VARIANT_VLFLAGS_way4 := -GSets=32 -GWays=4
TB_VARIANT_CFLAGS_way4  := -DNP_TB_BA_SETS=32 -DNP_TB_BA_WAYS=4
