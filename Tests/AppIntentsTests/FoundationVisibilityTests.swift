// This file imports only AppIntents (and Testing), as Apple's samples do: Foundation's types
// must be visible through it.
import AppIntents
import Testing

/// Intent code written with only `import AppIntents` compiles and runs, as it does on Apple's systems.
struct FoundationVisibilityTests {
    enum ShelfError: LocalizedError {
        case full
        var errorDescription: String? { NSString(string: "The shelf is full").capitalized }
    }

    struct ShelveBook: AppIntent {
        static let title: LocalizedStringResource = LocalizedStringResource("Shelve Book", table: "Intents", comment: "The action's name")
        @Parameter(title: "Title") var bookTitle: String
        @Parameter(title: "Returned") var returned: Date

        func perform() async throws -> some IntentResult & ReturnsValue<String> {
            guard !bookTitle.isEmpty else { throw ShelfError.full }
            let day = Calendar(identifier: .gregorian).component(.day, from: returned)
            return .result(value: "\(bookTitle) shelved on day \(day), \(URL(fileURLWithPath: "/shelf").lastPathComponent)")
        }
    }

    @Test func foundationComesWithAppIntents() async throws {
        let intent = ShelveBook()
        intent.bookTitle = "Dune"
        intent.returned = Date(timeIntervalSince1970: 86_400 * 3)
        let result = try await intent.perform()
        #expect("\(result)".contains("Dune shelved on day 4, shelf"), "\(result)")
        #expect(String(localized: ShelveBook.title) == "Shelve Book")
        #expect(ShelfError.full.localizedDescription == "The Shelf Is Full")
        intent.bookTitle = ""
        await #expect(throws: ShelfError.self) { try await intent.perform() }
    }
}
