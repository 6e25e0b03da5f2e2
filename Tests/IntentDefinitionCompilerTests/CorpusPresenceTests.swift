import ShortcutsTestSupport
import Testing

/// How much of the shared corpus intentgen's suites read; none is a failure in CI.
@Test func theIntentDefinitionCorpusIsRead() {
    SharedCorpus.report(CorpusTests.files.count, from: "intentdefinitions", suite: "IntentDefinitionCompilerTests")
}
