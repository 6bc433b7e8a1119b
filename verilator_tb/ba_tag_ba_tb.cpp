// Equivalence harness for ba_tag_ba: the BA tag unit in bypass-aware mode (docs/ba.md sections
// 3, 4 and 7). Every accepted request steps the C model (ba_access, BA mode); every output
// transfer is compared field by field: outcome, way, victim_valid, victim_tag. The stimulus
// (vectors, then hot / thrash / stream / random / bfs-trace phases with writes, invalidates,
// random valid gaps and ready stalls) is in ba_adapter.h.
#include "Vba_tag_ba.h"
#include "ba_adapter.h"

namespace {

class BaTagBaAdapter : public tb::BaAdapter<BaTagBaAdapter, Vba_tag_ba, BA_MODE_BA> {
public:
    static constexpr const char *kUnit = "ba_tag_ba";
    using BaAdapter::BaAdapter;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<BaTagBaAdapter>(argc, argv); }
