# synth/published.tsv -> C (cmodel/src/np_published_table.c, `make published-table`): the table
# the library's np_published_find() searches, so the codec registry, npsim and the SystemC components read the published figures
# from the one table the synthesis report reads (synth/np_report.c validates the same file:
# columns, numbers, area against NAND2-eq; `make synth-test` checks that parser on bad tables).
# '-' becomes -1 (latency) or 0 (areas, gate count).
BEGIN { FS = "\t"; print "/* Generated from synth/published.tsv by synth/published_c.awk (make published-table): do not edit. */"
        print "#include \"np_published.h\""; print "const np_published np_published_rows[] = {" }
/^#/ || /^[ \t]*$/ { next }
!header { if ($0 != "top\tlatency_cycles\tcomb_area_mm2\tarea_mm2\tnand2_eq\tsource") {
            printf "%s:%d: expected the header line\n", FILENAME, FNR > "/dev/stderr"; exit 1 }
          header = 1; next }
NF != 6 { printf "%s:%d: expected 6 tab-separated fields\n", FILENAME, FNR > "/dev/stderr"; exit 1 }
{ src = $6; gsub(/\\/, "\\\\", src); gsub(/"/, "\\\"", src)
  printf "    {\"%s\", %s, %s, %s, %s, \"%s\"},\n", $1, ($2 == "-" ? -1 : $2), ($3 == "-" ? 0 : $3),
         ($4 == "-" ? 0 : $4), ($5 == "-" ? 0 : $5), src }
END { if (!header) exit 1; print "};"
      print "const unsigned np_published_count = sizeof np_published_rows / sizeof np_published_rows[0];" }
