# The multicast mesh router (docs/router.md): seed 003's 3-stage lookahead VC router with
# lookahead multicast RC, asynchronous replication and replication buffers (router_mcast), and
# its unicast baseline (router_base), both router_vc. Checked cycle by cycle against npsim's
# router code (sim/net/router.c, driven per port by sim/net/router_bench.c) by one harness that
# needs no golden vectors (<unit>_TB_TOPS).
router_TB_TOPS    := router_mcast
router_SYNTH_TOPS := router_mcast router_base
router_RTL        := $(sort $(wildcard rtl/router/*.v)) rtl/mcast/mcast_lookahead.v rtl/mcast/mcast_split.v \
                     rtl/mcast/mcast_axis_cmp.v
# The harness links npsim's network model (sim/sim.mk builds the library) and includes its headers.
router_TB_LIBS    := $(BUILD)/sim/libnpsim_net.a
router_TB_CFLAGS  := -I$(CURDIR)/sim
