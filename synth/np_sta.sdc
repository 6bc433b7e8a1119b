# np_sta.sdc: the timing environment of every top for OpenSTA (synth/np_sta.tcl). The same
# environment ABC's `stime` sees through synth/abc.constr, plus the flops' own timing:
# - Every top is clocked by clk_i (docs/conventions.md). The period only sets the slack's
#   origin: np_synth.tcl turns the worst slack into a stage time (period - slack).
# - An input port is launched by a DFF_X1 of the neighbouring unit: 85 ps (its clk->Q at the mid
#   load point, SYNTH_CLK_TO_Q_PS in synth/synth.mk) through an INV_X1-like drive.
# - An output port is captured by a DFF_X1: its setup, 40 ps (SYNTH_SETUP_PS), and one D pin of
#   load (1.05 fF).
# - Flop to flop paths use the liberty's DFF_X1 clk->Q table at the real load and its setup.
create_clock -name clk -period 10000 [get_ports clk_i]
set_input_delay 85 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_driving_cell -lib_cell INV_X1 [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 40 -clock clk [all_outputs]
set_load 1.05 [all_outputs]
