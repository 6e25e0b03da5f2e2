import ShortcutsTestSupport
import Testing

/// How much of the shared corpus the language suites read; none is a failure in CI.
@Test func theLanguageCorpusIsRead() {
    SharedCorpus.report(Corpus.fileNames.count, from: "shortcuts", suite: "ShortcutsLanguageTests")
}
