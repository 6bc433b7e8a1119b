// A reply path in a user's SystemC platform, from the installed components (docs/systemc.md):
//   c++ -std=c++17 systemc_platform.cpp $(pkg-config --cflags --libs nocpress-sc) -o platform
//   ./platform DATA_DIR [CODEC] [COUNT] [report.json]
// MC-side source of real lines -> compressor -> 128-bit flits over a credit link -> decompressor
// -> SM-side sink that checks every line. Exit status 0 when every line arrived intact.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <np_sc.h>

int sc_main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DATA_DIR [CODEC] [COUNT] [report.json]\n", argv[0]);
        return 2;
    }
    np_sc::init_time();   // 1 ps resolution, before any sc_time exists
    const np_codec *codec = np_codec_find(argc > 2 ? argv[2] : "dsm");
    const uint64_t count = argc > 3 ? std::strtoull(argv[3], nullptr, 0) : 10000;
    np_sc::TimingSources timing;                 // latencies: report.json, else published
    if (argc > 4) timing.synth_json = argv[4];
    if (!codec) return 2;

    sc_core::sc_clock clk("clk", np_sc::period(), 0.5, sc_core::sc_time(5, sc_core::SC_NS), true);

    // The lines the MC sends, and the sub-blocks the SM must get back (the C model's fill).
    np_sc::LineFeed feed(argv[1], 1);
    std::vector<np_sc::Txn> txns(count);
    for (uint64_t i = 0; i < count; i++) {
        txns[i].seq = i;
        feed.next(txns[i].line);
    }

    np_sc::Source src("src", txns, np_sc::StallProfile{1, 1, 0.2});
    auto comp = np_sc::make_unit("comp", codec, np_sc::Dir::kCompress, np_sc::Form::kModel, 0, timing);
    np_sc::LinkConfig link;                      // 128-bit flits, latency 1, 4 credits
    link.stall = 0.1;
    np_sc::Channel chan("chan", 1, link);
    auto decomp = np_sc::make_unit("decomp", codec, np_sc::Dir::kDecompress, np_sc::Form::kModel, 2, timing);
    uint64_t bad = 0;
    np_sc::Sink sink("sink", np_sc::StallProfile{1, 2, 0.3}, 3, [&](np_sc::Txn &t) {
        bad += t.err || std::memcmp(t.out, t.line, sizeof t.line) != 0;   // whole-line codecs
    });

    src.out.bind(comp->in);
    comp->out.bind(chan.in);
    chan.out.bind(decomp->in);
    decomp->out.bind(sink.in);
    comp->clk(clk);
    chan.clk(clk);
    decomp->clk(clk);
    sink.clk(clk);

    std::printf("%s\n%s\n", comp->describe().c_str(), decomp->describe().c_str());
    while (sink.received() < count && sc_core::sc_time_stamp() < sc_core::sc_time(1, sc_core::SC_SEC))
        sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));   // 1000 cycles per step
    std::printf("lines %llu of %llu, %llu bad, flits %llu, cycles %llu\n",
                (unsigned long long)sink.received(), (unsigned long long)count, (unsigned long long)bad,
                (unsigned long long)chan.flits_received(), (unsigned long long)np_sc::now_cycle());
    return sink.received() == count && bad == 0 ? 0 : 1;
}
