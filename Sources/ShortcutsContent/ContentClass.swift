/// The content classes Shortcuts names in files (`WFStringContentItem`…) and what they mean here.
///
/// Coercion aggrandizements and a shortcut's accepted input types use these names.
public enum ContentClass: String, Sendable, CaseIterable {
    case text = "WFStringContentItem"
    case richText = "WFRichTextContentItem"
    case number = "WFNumberContentItem"
    case boolean = "WFBooleanContentItem"
    case date = "WFDateContentItem"
    case url = "WFURLContentItem"
    case dictionary = "WFDictionaryContentItem"
    case file = "WFGenericFileContentItem"
    case folder = "WFFolderContentItem"
    case pdf = "WFPDFContentItem"
    case image = "WFImageContentItem"
    case safariWebPage = "WFSafariWebPageContentItem"
    case article = "WFArticleContentItem"
    case emailAddress = "WFEmailAddressContentItem"
    case phoneNumber = "WFPhoneNumberContentItem"
    case location = "WFLocationContentItem"
    case contact = "WFContactContentItem"
    case appStoreApp = "WFAppStoreAppContentItem"
    case mapsLink = "WFDCMapsLinkContentItem"
    case media = "WFAVAssetContentItem"
    case iTunesProduct = "WFiTunesProductContentItem"

    /// The name Shortcuts shows for the class, as `Get Type` outputs it.
    public var displayName: String {
        switch self {
        case .text, .richText: return "Text"
        case .number: return "Number"
        case .boolean: return "Boolean"
        case .date: return "Date"
        case .url, .safariWebPage: return "URL"
        case .dictionary: return "Dictionary"
        case .file, .folder, .pdf, .image, .media: return "File"
        case .article: return "Article"
        case .emailAddress: return "Email Address"
        case .phoneNumber: return "Phone Number"
        case .location, .mapsLink: return "Location"
        case .contact: return "Contact"
        case .appStoreApp, .iTunesProduct: return "App Store App"
        }
    }
}

extension Content {
    /// The type name `Get Type` reports for this content.
    public var typeName: String {
        switch self {
        case .nothing: return "Nothing"
        case .text: return "Text"
        case .number: return "Number"
        case .boolean: return "Boolean"
        case .date: return "Date"
        case .url: return "URL"
        case .dictionary: return "Dictionary"
        case .list(let items): return items.first?.typeName ?? "Nothing"
        case .file: return "File"
        case .entity(let entity): return entity.typeName
        }
    }
}
