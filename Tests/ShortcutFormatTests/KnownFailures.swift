/// Corpus files that don't pass conformance yet, each with the reason.
///
/// This list only shrinks: the conformance test fails when a listed file passes (remove it
/// here) and when an unlisted file fails (fix the format code; list it only with a reason).
/// Empty since the reader learnt cherri's Value-less WFTextTokenString (63-cherri-decomp-me).
let knownConformanceFailures: [String: String] = [:]
