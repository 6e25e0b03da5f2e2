import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Translate Text through Apertium (package `apertium` and a pair such as `apertium-eng-spa`),
/// Debian's machine translation: rule-based, offline, for the pairs installed. Apertium is a
/// pipeline of programs with no C interface, so its `apertium` command runs it; the source
/// language, when it is to be detected, comes from libexttextcat as Detect Language's does.
enum TranslateActions {
    static let all: [ActionDefinition] = [translate]

    /// ISO 639-1 codes and English names by the ISO 639-3 codes Apertium's newer pairs use.
    static let languages: [(iso1: String, iso3: String, name: String)] = [
        ("en", "eng", "English"), ("es", "spa", "Spanish"), ("ca", "cat", "Catalan"), ("gl", "glg", "Galician"),
        ("eo", "epo", "Esperanto"), ("eu", "eus", "Basque"), ("is", "isl", "Icelandic"), ("mk", "mkd", "Macedonian"),
        ("sh", "hbs", "Serbo-Croatian"), ("fr", "fra", "French"), ("pt", "por", "Portuguese"), ("it", "ita", "Italian"),
        ("ro", "ron", "Romanian"), ("oc", "oci", "Occitan"), ("de", "deu", "German"), ("nl", "nld", "Dutch"), ("sv", "swe", "Swedish"),
        ("da", "dan", "Danish"), ("nb", "nob", "Norwegian Bokmål"), ("nn", "nno", "Norwegian Nynorsk"), ("cy", "cym", "Welsh"),
        ("br", "bre", "Breton"), ("ar", "ara", "Arabic"), ("af", "afr", "Afrikaans"), ("an", "arg", "Aragonese"),
        ("ast", "ast", "Asturian"), ("bg", "bul", "Bulgarian"), ("hr", "hbs", "Croatian"), ("sr", "hbs", "Serbian"),
        ("bs", "hbs", "Bosnian"), ("sl", "slv", "Slovenian"), ("ru", "rus", "Russian"), ("uk", "ukr", "Ukrainian"),
    ]

    /// A language as shortcuts give it (`es`, `es_ES`, `es-ES`, `spa`, `Spanish`): its ISO 639-3
    /// code and region, or `nil`.
    static func language(_ given: String) -> (code: String, region: String?)? {
        let parts = given.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first?.lowercased() else { return nil }
        let region = parts.count > 1 ? parts[parts.count - 1].uppercased() : nil
        let found = languages.first { $0.iso1 == first || $0.iso3 == first || $0.name.lowercased() == given.lowercased() }
        return found.map { ($0.iso3, region) }
    }

    /// Apertium's modes installed here (`eng-spa`, `spa-eng_US`), from `apertium -l`.
    static func modes(_ apertium: String, run: RunContext) throws -> [String] {
        let outcome = try run.runProgram(apertium, arguments: ["-l"], environment: run.environment.variables, timeout: 30)
        return String(decoding: outcome.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The mode that translates between two languages: by ISO 639-3 or 639-1 codes, a regional
    /// variant of the target when one matches.
    static func mode(from source: String, to target: (code: String, region: String?), among modes: [String]) -> String? {
        func names(_ code: String) -> [String] { [code] + languages.filter { $0.iso3 == code }.map(\.iso1) }
        for from in names(source) {
            for to in names(target.code) {
                if let region = target.region,
                    let regional = modes.first(where: { $0.lowercased() == "\(from)-\(to)_\(region)".lowercased() })
                {
                    return regional
                }
                if modes.contains("\(from)-\(to)") { return "\(from)-\(to)" }
            }
        }
        return nil
    }

    static let translate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.translate", title: "Translate Text",
            description:
                "Translates the text with Apertium, offline, between the language pairs installed (apt-get install apertium-eng-spa, …); the source language is detected unless given.",
            parameters: [
                ParameterMetadata(key: "WFInputText", title: "Text", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSelectedFromLanguage", title: "Language", type: .text, defaultValue: "Detect Language"),
                ParameterMetadata(key: "WFSelectedLanguage", title: "To", type: .text, isRequired: true),
            ],
            inputParameter: "WFInputText", outputType: "Text", outputName: "Translated Text", keywords: ["language", "apertium"])
    ) { parameters in
        let (fromExpression, toExpression) = (parameters["WFSelectedFromLanguage"], parameters["WFSelectedLanguage"])
        return { input, run in
            guard let apertium = run.tool(["apertium"])?.path else {
                throw ActionFailure(
                    "translating needs Apertium: install apertium and a language pair (apt-get install apertium apertium-eng-spa)")
            }
            let targetName = try run.text(toExpression) ?? ""
            guard let target = language(targetName) else {
                throw ActionFailure(
                    "\(targetName.debugDescription) is not a language Apertium translates to", parameter: "WFSelectedLanguage")
            }
            let fromName = try run.text(fromExpression) ?? ""
            let installed = try modes(apertium, run: run)
            return Content(
                items: try input.items.map { item in
                    let text = item.text
                    var source: String
                    if fromName.isEmpty || fromName.caseInsensitiveCompare("Detect Language") == .orderedSame {
                        guard let detected = try LanguageActions.language(of: text, run: run, parameter: "WFInputText").flatMap(language)
                        else {
                            throw ActionFailure("can't tell what language the text is in; choose it", parameter: "WFSelectedFromLanguage")
                        }
                        source = detected.code
                    } else {
                        guard let given = language(fromName) else {
                            throw ActionFailure(
                                "\(fromName.debugDescription) is not a language Apertium translates from",
                                parameter: "WFSelectedFromLanguage")
                        }
                        source = given.code
                    }
                    if source == target.code { return .text(text) }
                    guard let mode = mode(from: source, to: target, among: installed) else {
                        throw ActionFailure(
                            "no Apertium pair here translates \(source) to \(target.code) (installed: \(installed.isEmpty ? "none" : installed.joined(separator: ", "))); install apertium-\(source)-\(target.code) if Debian has it",
                            parameter: "WFSelectedLanguage")
                    }
                    // Apertium's programs need a UTF-8 locale and print nothing without one; C.UTF-8 is
                    // always there, whatever locale the person's LANG names.
                    var environment = run.environment.variables
                    environment["LC_ALL"] = "C.UTF-8"
                    let outcome = try run.runProgram(
                        apertium, arguments: ["-u", "-f", "txt", mode], input: Data(text.utf8), environment: environment,
                        timeout: 300)
                    try outcome.throwIfCancelled()
                    guard outcome.status == 0, !outcome.standardOutput.isEmpty || text.isEmpty else {
                        throw ActionFailure(
                            "apertium could not translate (status \(outcome.status)): \(outcome.errorText.prefix(300))",
                            parameter: "WFInputText")
                    }
                    var translated = String(decoding: outcome.standardOutput, as: UTF8.self)
                    // Apertium ends its output with the input's own line ending, if any.
                    if !text.hasSuffix("\n"), translated.hasSuffix("\n") { translated.removeLast() }
                    return .text(translated)
                })
        }
    }
}
