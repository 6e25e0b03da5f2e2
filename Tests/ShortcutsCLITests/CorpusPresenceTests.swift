import ShortcutsTestSupport
import Testing

/// How much of the shared corpus the command tests read; none is a failure in CI.
@Test func theCommandCorpusIsRead() {
    SharedCorpus.report(AutomatorCommandTests.corpusFiles.count, from: "automator", suite: "ShortcutsCLITests")
    SharedCorpus.report(SharedCorpus.files(in: "signed", endingWith: ".shortcut").count, from: "signed", suite: "ShortcutsCLITests")
}
