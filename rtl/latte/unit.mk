# LATTE-CC unit (docs/latte.md): the adaptive compression controller and the compressed L1's
# tag logic. The tag logic reuses the BA unit's tag compare and LRU age update.
latte_TOPS := latte_ctrl latte_tags
latte_RTL  := $(sort $(wildcard rtl/latte/*.v)) rtl/ba/ba_lookup.v rtl/ba/ba_lru_update.v
