import ShortcutsTestSupport
import Testing

/// How much of the shared corpus the format suites read; none is a failure in CI.
@Test func theFormatCorpusIsRead() {
    SharedCorpus.report(Corpus.fileNames.count, from: "shortcuts", suite: "ShortcutFormatTests")
    SharedCorpus.report(SignedCorpus.fileNames.count, from: "signed", suite: "ShortcutFormatTests")
}
