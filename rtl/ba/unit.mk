# BA unit (docs/ba.md): the bypass-aware L1 tag unit in BA mode and, as the baseline, in LRU mode.
ba_TOPS := ba_tag_ba ba_tag_lru
ba_RTL  := $(sort $(wildcard rtl/ba/*.v))
