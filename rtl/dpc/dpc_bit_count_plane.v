// dpc_bit_count_plane: the per-plane add of the bit counter (docs/dpc.md section 3), the
// second part of dpc_bit_count_prefix.
//
// sel_o[32i+k] = 1 when es[i-1:0] holds exactly k ones (k = 0..i; bits k > i are zero): the
// ones before plane i's group (prefix_i, dpc_bit_count_group's layout; none for group 0) plus
// the ones before it inside its group (local_i, dpc_bit_count_local's layout). Plane i's slice
// is directly the select of its offset mux in dpc_concat / dpc_unpacker.
// Example: es = ...0000_1101 -> planes 0..5 select k = 0, 1, 1, 2, 3, 3, i.e. sel_o[0],
// sel_o[33], sel_o[65], sel_o[98], sel_o[131], sel_o[163].
// Structure: a one-hot add of a group count (up to 4g + 1 bits) and a local count (up to 4
// bits): an AND level and an OR of at most 4 terms per output bit.
// Combinational, one process (a simulator updates sel_o once per change of its inputs).
module dpc_bit_count_plane (
  input  wire [118:0]  prefix_i,
  input  wire [79:0]   local_i,
  output reg  [1023:0] sel_o
);
  integer g, r, v, y;
  reg hit;

  always @* begin
    sel_o = 1024'd0;
    for (g = 0; g < 8; g = g + 1) begin
      for (r = 0; r < 4; r = r + 1) begin
        // Plane 4g + r: ones before the group v (one-hot, group g > 0; none for group 0) plus
        // ones in the group before the plane y = 0..r (one-hot at local_i[10g + r(r+1)/2 + y]).
        for (v = 0; v <= 4 * g; v = v + 1) begin
          for (y = 0; y <= r; y = y + 1) begin
            if (g == 0) begin
              hit = local_i[r*(r+1)/2 + y];
            end else begin
              hit = prefix_i[2*g*g - g - 1 + v] & local_i[10*g + r*(r+1)/2 + y];
            end
            sel_o[32*(4*g + r) + v + y] = sel_o[32*(4*g + r) + v + y] | hit;
          end
        end
      end
    end
  end
endmodule
