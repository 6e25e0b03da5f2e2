import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// Translate Text through Debian's Apertium and its English–Spanish pair.
@Suite struct TranslateTests {
    typealias T = SystemTest

    func translate(_ text: String, to target: String, from source: String? = nil) throws -> String {
        var parameters: [String: ParameterValue] = ["WFInputText": T.text(text), "WFSelectedLanguage": T.text(target)]
        if let source { parameters["WFSelectedFromLanguage"] = T.text(source) }
        return try T.run("text.translate", parameters).text
    }

    @Test func textIsTranslatedBetweenTheInstalledPairs() throws {
        // The source is detected (libexttextcat) unless given; languages come as codes or names.
        // Apertium is rule-based: its words are right, its phrasing not always.
        let spanish = try translate("I would like a cup of coffee, please.", to: "es_ES")
        #expect(spanish.hasPrefix("Me gustaría una taza de café,") && !spanish.contains("coffee"), "\(spanish)")
        let english = try translate("Me gustaría una taza de café.", to: "English", from: "es")
        #expect(english.hasSuffix("a cup of coffee.") && !english.contains("café"), "\(english)")
        #expect(try translate("El gato duerme en la casa.", to: "en-US", from: "Spanish") == "The cat sleeps in the house.")
        #expect(try translate("Good morning", to: "en", from: "en") == "Good morning", "the same language is the text itself")
    }

    @Test func missingPairsAndUnknownLanguagesSayWhy() {
        let german = T.failure { .text(try translate("The cat sleeps.", to: "de_DE", from: "en")) }
        #expect(
            german?.parameter == "WFSelectedLanguage" && german?.message.contains("no Apertium pair here translates eng to deu") == true)
        #expect(german?.message.contains("eng-spa") == true, "the message lists what is installed")
        let klingon = T.failure { .text(try translate("Qapla'", to: "tlh")) }
        #expect(klingon?.parameter == "WFSelectedLanguage" && klingon?.message.contains("not a language") == true)
        let missing = T.failure {
            try T.run(
                "text.translate", ["WFInputText": T.text("x"), "WFSelectedLanguage": T.text("es")],
                environment: T.environment(variables: ["PATH": "/nonexistent"]))
        }
        #expect(missing?.message.contains("apt-get install apertium apertium-eng-spa") == true, "\(String(describing: missing))")
    }
}
