import ShortcutsTestSupport
import Testing

/// How much of the shared corpus the property-list suites read; none is a failure in CI.
@Test func thePropertyListCorpusIsRead() {
    SharedCorpus.report(Corpus.shortcuts.count, from: "shortcuts", suite: "PropertyListTests")
    SharedCorpus.report(
        Corpus.allPropertyLists.count - Corpus.shortcuts.count, from: "intentdefinitions + automator", suite: "PropertyListTests")
}
