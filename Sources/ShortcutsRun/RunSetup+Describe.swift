import Foundation
import LanguageModels
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage
import ShortcutsPlatform

extension RunSetup {
    /// The actions a model may write a shortcut with: every built-in action with a name of its
    /// own, as the text language writes it; the commonest are always offered.
    public static let describableActions: [ActionUsage] = {
        let essential: Set<String> = [
            "is.workflow.actions.gettext", "is.workflow.actions.showresult", "is.workflow.actions.notification",
            "is.workflow.actions.ask", "is.workflow.actions.alert", "is.workflow.actions.setvariable", "is.workflow.actions.number",
            "is.workflow.actions.list", "is.workflow.actions.dictionary", "is.workflow.actions.comment",
        ]
        let vocabulary = builtinLanguage.vocabulary
        let metadata = Dictionary(builtinMetadata.map { ($0.identifier, $0) }) { first, _ in first }
        return vocabulary.namedIdentifiers.compactMap { identifier in
            guard let usage = vocabulary.usage(of: identifier) else { return nil }
            return ActionUsage(usage: usage, keywords: metadata[identifier]?.keywords ?? [], isEssential: essential.contains(identifier))
        }
    }()

    /// Writes a shortcut from a description with the person's model (the endpoint named for
    /// `choice`, else the default one), checked by the text language's compiler.
    ///
    /// - Throws: ``DescriptionFailure`` when no answer compiled; an ``ActionFailure`` when the
    ///   model can't be reached or its settings can't be used.
    public func describeShortcut(
        _ description: String, choice: ModelChoice? = nil, attempts: Int = 3, cancellation: Cancellation? = nil,
        partialAnswer: (@Sendable (String, String) -> Void)? = nil
    ) throws -> DescribedShortcut {
        let models = ModelEndpoints((try? library.settings())?.models ?? [])
        let endpoint = models.endpoint(for: choice, variables: variables)
        let exchange = ModelExchange(http: CurlTransport(), variables: variables, cancellation: cancellation, partialAnswer: partialAnswer)
        let writer = ShortcutWriter(
            client: ModelClient(exchange: exchange, endpoint: endpoint, action: "Describe", parameter: nil),
            actions: Self.describableActions, attempts: attempts
        ) { text in
            Self.builtinLanguage.compile(text, path: "shortcut.sct").diagnostics.filter(\.isError).map(\.description)
        }
        return try writer.write(description)
    }
}
