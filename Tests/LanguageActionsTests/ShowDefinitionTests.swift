import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions
@testable import LanguageActions

/// Show Definition over Debian's WordNet database (wordnet-base), with its inflections.
@Suite struct ShowDefinitionTests {
    typealias T = SystemTest

    func shown(_ word: String, variables: [String: String] = [:]) throws -> String {
        let seen = Recorder<String>()
        let environment = T.environment(variables: variables, show: { seen.append($0) })
        #expect(try T.run("showdefinition", ["Word": T.text(word)], environment: environment) == .nothing)
        return seen.items.joined(separator: "\n")
    }

    @Test func aWordsSensesAreShownByPartOfSpeech() throws {
        let dog = try shown("dog").split(separator: "\n").map(String.init)
        #expect(dog.first == "dog" && dog[1] == "noun")
        #expect(dog[2].hasPrefix("1. a member of the genus Canis"), "\(dog[2])")
        let verb = try #require(dog.firstIndex(of: "verb"), "dog is a verb too")
        #expect(dog[verb + 1].hasPrefix("1. go after with the intent to catch"), "\(dog[verb + 1])")
    }

    @Test func inflectedFormsAndPhrasesAreFound() throws {
        // An irregular plural from WordNet's exceptions, a suffix rule, and a phrase's underscores.
        #expect(try shown("Geese").contains("1. web-footed long-necked typically gregarious migratory aquatic birds"))
        let ran = try shown("ran")
        #expect(ran.hasPrefix("ran\n") && ran.contains("verb\n1. move fast by using one's feet"), "\(ran.prefix(300))")
        #expect(try shown("  hot dog ").contains("a frankfurter served hot on a bun"))
    }

    @Test func unknownWordsAndAMissingDictionarySayWhy() {
        let unknown = T.failure { try T.run("showdefinition", ["Word": T.text("zzqxj")]) }
        #expect(unknown?.parameter == "Word" && unknown?.message.contains("WordNet has no definition of \"zzqxj\"") == true)
        let missing = T.failure {
            try T.run(
                "showdefinition", ["Word": T.text("dog")], environment: T.environment(variables: ["SHORTCUTS_WORDNET_DIR": "/nonexistent"]))
        }
        #expect(missing?.message.contains("apt-get install wordnet-base") == true, "\(String(describing: missing))")
    }
}
