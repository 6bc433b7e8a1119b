// The flag the patched Verilated models read (verilator_tb/skip_ico.sh): true only while the
// harness evaluates a clock edge with every other input as it was at the previous eval.
bool np_tb_inputs_unchanged = false;
