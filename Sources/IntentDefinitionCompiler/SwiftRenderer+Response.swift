extension SwiftRenderer {
    /// The response code enum and the `…IntentResponse` class with its parameters and factories.
    func renderResponse(_ intent: SwiftModel.Intent, into out: inout CodeWriter) {
        let response = intent.className + "Response"
        let codeType = response + "Code"
        out.line()
        out.doc("How \(intent.className) ended: the standard codes, then the file's own from 100.")
        out.block("public enum \(codeType): Int, Sendable") { out in
            for code in intent.codes { out.line("case \(code.identifier) = \(code.rawValue)") }
        }
        out.line()
        out.doc("The result of \(intent.className).")
        out.block("public class \(response): INIntentResponse") { out in
            out.block("public fileprivate(set) var code: \(codeType)") { out in
                out.line("get { \(codeType)(rawValue: rawCode) ?? .unspecified }")
                out.line("set { rawCode = newValue.rawValue }")
            }
            out.line()
            out.block("public convenience init(code: \(codeType), userActivity: NSUserActivity?)") { out in
                out.line("self.init()")
                out.line("self.code = code")
                out.line("self.userActivity = userActivity")
            }
            for parameter in intent.responseParameters { renderProperty(parameter, into: &out) }
            for code in intent.codes where !code.factoryParameters.isEmpty {
                let parameters = code.factoryParameters.compactMap { key in intent.responseParameters.first { $0.key == key } }
                let arguments = parameters.map { "\($0.identifier.replacingOccurrences(of: "`", with: "")): \(SwiftTypes.argument($0))" }
                out.line()
                out.block("public static func \(code.identifier)(\(arguments.joined(separator: ", "))) -> \(response)") { out in
                    out.line("let response = \(response)(code: .\(code.identifier), userActivity: nil)")
                    for parameter in parameters { out.line("response.\(parameter.identifier) = \(parameter.identifier)") }
                    out.line("return response")
                }
            }
        }
    }
}
