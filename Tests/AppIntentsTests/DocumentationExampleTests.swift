import Foundation
import Testing

/// The intents docs/APP-INTENTS.md shows are the ones the tests compile and perform: each Swift
/// block there that declares a type the tests also declare must be, line for line, the tests' code.
struct DocumentationExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documentation's Swift blocks that declare a type, and the test file that holds the same code.
    private static let examples: [(type: String, file: String)] = [
        ("TidyNoteIntent", "Tests/AppIntentsTests/ServerTests.swift"), ("WeatherReport", "Tests/AppIntentsTests/ServerTests.swift"),
    ]

    @Test(arguments: examples.map(\.type)) func theDocumentedIntentIsTheOneTheTestsPerform(_ type: String) throws {
        let documentation = try String(contentsOf: Self.root.appendingPathComponent("docs/APP-INTENTS.md"), encoding: .utf8)
        let blocks = documentation.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
        let block = try #require(blocks.first { $0.contains("struct \(type):") }, "docs/APP-INTENTS.md shows no \(type)")
        let file = try #require(Self.examples.first { $0.type == type }?.file)
        let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        #expect(source.contains(block), "\(file) no longer holds the \(type) that docs/APP-INTENTS.md shows")
    }
}
