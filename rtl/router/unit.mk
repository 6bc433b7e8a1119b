# The multicast mesh router (docs/router.md): seed 003's 3-stage lookahead VC router with
# lookahead multicast RC, asynchronous replication and replication buffers (router_mcast), and
# its unicast baseline (router_base), both router_vc. Checked cycle by cycle against npsim's
# router code (sim/net/router.c, driven per port by sim/net/router_bench.c) by one harness that
# needs no golden vectors (<unit>_TB_TOPS).
router_TB_TOPS    := router_mcast
# Synthesis of both configurations (docs/router.md 7) only under ROUTER_SYNTH=1 (make synth-router),
# so also out of make lint (LINT_TOPS), until the full synthesis of both tops is timed.
router_SYNTH_TOPS := $(if $(ROUTER_SYNTH),router_mcast router_base)
router_RTL        := $(sort $(wildcard rtl/router/*.v)) rtl/mcast/mcast_lookahead.v rtl/mcast/mcast_split.v \
                     rtl/mcast/mcast_axis_cmp.v
# The harness links npsim's model (sim/sim.mk builds the library, SIM_MODEL_LIB) and includes its headers.
router_TB_LIBS    := $(BUILD)/sim/libnpsim.a
router_TB_CFLAGS  := -I$(CURDIR)/sim
router_TB_LDFLAGS := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson) -llzma

.PHONY: synth-router
## synth-router: synthesise the multicast router and its unicast baseline (area, flops, levels, clock; docs/router.md 7)
synth-router:
	$(MAKE) --no-print-directory ROUTER_SYNTH=1 synth-router_mcast synth-router_base
