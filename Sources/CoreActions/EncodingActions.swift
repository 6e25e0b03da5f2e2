import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFURLComponent` of Get Component of URL.
enum URLComponent: String, ParameterOption {
    case scheme = "Scheme"
    case user = "User"
    case password = "Password"
    case host = "Host"
    case port = "Port"
    case path = "Path"
    case query = "Query"
    case fragment = "Fragment"
}

/// `WFEncodeMode` of URL Encode and Base64 Encode.
enum EncodeMode: String, ParameterOption {
    case encode = "Encode"
    case decode = "Decode"
}

/// URLs and encodings: URL, Get Component of URL, URL Encode, Get URLs from Input, Base64
/// Encode and Generate Hash.
enum EncodingActions {
    static let all: [ActionDefinition] = [url, urlComponent, urlEncode, detectLink, base64, hash]

    static let url = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.url", title: "URL",
            description: "Passes one URL, or several (one a line or a list), to the next action.",
            parameters: [ParameterMetadata(key: "WFURLActionURL", title: "URL", type: .url, isRequired: true, isList: true)],
            outputType: "URL", outputName: "URL",
            summary: "${WFURLActionURL}")
    ) { parameters in
        let address = parameters["WFURLActionURL"]
        return { _, run in
            var urls: [Content] = []
            for item in try run.content(address).items {
                if case .url = item {
                    urls.append(item)
                    continue
                }
                for line in item.text.split(whereSeparator: \.isNewline) {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    guard !text.isEmpty else { continue }
                    guard let url = makeURL(text) else {
                        throw ActionFailure("\"\(text.prefix(80))\" is not a URL", parameter: "WFURLActionURL")
                    }
                    urls.append(.url(url))
                }
            }
            return Content(items: urls)
        }
    }

    /// A URL from text, percent-encoding characters such as spaces that URLs can't hold.
    static func makeURL(_ text: String) -> URL? { TextScanner.url(text) }

    static let urlComponent = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.geturlcomponent", title: "Get Component of URL",
            description: "Gets a part of a URL: its scheme, user, password, host, port, path, query or fragment.",
            parameters: [
                ParameterMetadata(key: "WFURL", title: "URL", type: .url, isRequired: true),
                .option("WFURLComponent", title: "Component", default: URLComponent.scheme),
            ],
            inputParameter: "WFURL", outputType: "Text", outputName: "Component of URL")
    ) { parameters in
        let component = OptionParameter(parameters, "WFURLComponent", default: URLComponent.scheme)
        return { input, run in
            let name = try component.value(in: run).rawValue
            let parts = try input.items.map { item -> Content in
                guard let url = item.url else {
                    throw ActionFailure("expected a URL, got \(item.quotedForError)", parameter: "WFURL")
                }
                return Content.url(url).property(name)
            }
            return Content(items: parts)
        }
    }

    /// Characters URL Encode leaves as they are: RFC 3986's unreserved ones.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static let urlEncode = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.urlencode", title: "URL Encode",
            description: "Percent-encodes text for use in a URL, or decodes percent-encoded text.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true, isList: true),
                .option("WFEncodeMode", title: "Mode", default: EncodeMode.encode),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "URL Encoded Text")
    ) { parameters in
        let mode = OptionParameter(parameters, "WFEncodeMode", default: EncodeMode.encode)
        return { input, run in
            let encodes = try mode.value(in: run) == .encode
            let results = try input.items.map { item -> Content in
                let text = item.text
                if encodes { return .text(text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text) }
                guard let decoded = text.removingPercentEncoding else {
                    throw ActionFailure(
                        "\(item.quotedForError) has a % that doesn't start a valid escape such as %20", parameter: "WFInput")
                }
                return .text(decoded)
            }
            return Content(items: results)
        }
    }

    static let detectLink = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.link", title: "Get URLs from Input",
            description: "Returns the links found in the input: URLs, www. addresses, bare domains and email addresses.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "URL", outputName: "URLs", keywords: ["links", "extract"])
    ) { _ in
        { input, _ in
            var links: [Content] = []
            for item in input.items {
                if case .url = item {
                    links.append(item)
                    continue
                }
                links += TextScanner.links(in: item.text).map(Content.url)
            }
            return Content(items: links)
        }
    }
}
