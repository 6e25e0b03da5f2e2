import Foundation
import ShortcutsContent

/// A response as content and back: how a response that continues in the app travels from the
/// extension, through the host's continuation file, to the app's user activity.
///
/// The entity's type is the response class, its identifier the code's name, its title the
/// code's dialog, and its properties the response parameters plus `userInfo` (text values only).
enum INResponseCoding {
    static let userInfoKey = "userInfo"

    static func entity(
        of response: INIntentResponse, code: INResponseCodeSchema, values: [String: String], coding: INValueCoding,
        schema: INIntentSchema
    ) -> EntityContent {
        var properties = ContentDictionary()
        for parameter in schema.responseParameters {
            let value = coding.content(of: response.storedValue(forKey: parameter.name), for: parameter)
            if !value.isNothing { properties[parameter.name] = value }
        }
        if let userInfo = response.userActivity?.userInfo, !userInfo.isEmpty {
            let entries = userInfo.map { (String(describing: $0.key), Content.text(String(describing: $0.value))) }
            properties[userInfoKey] = .dictionary(ContentDictionary(entries.sorted { $0.0 < $1.0 }))
        }
        return EntityContent(
            typeName: "\(schema.className)Response", identifier: code.name, displayTitle: code.dialog ?? code.name,
            properties: properties)
    }

    /// Rebuilds the response (and its activity) from what the continuation carries.
    static func response(from content: Content?, schema: INIntentSchema, coding: INValueCoding) -> INIntentResponse {
        let response = schema.makeResponse()
        let activity = NSUserActivity(activityType: schema.className)
        response.userActivity = activity
        guard let content else { return response }
        guard case .entity(let entity) = content else {
            response.rawCode = INStandardResponseCode.continueInApp.rawValue
            if let output = schema.outputParameter, let parameter = schema.responseParameters.first(where: { $0.name == output }) {
                response.setStoredValue(try? coding.value(from: content, for: parameter), forKey: output)
            }
            return response
        }
        response.rawCode =
            schema.responseCodes.first { $0.name == entity.identifier }?.rawValue
            ?? INStandardResponseCode.allCases.first { $0.name == entity.identifier }?.rawValue ?? 0
        for parameter in schema.responseParameters {
            guard let value = entity.properties[parameter.name] else { continue }
            response.setStoredValue(try? coding.value(from: value, for: parameter), forKey: parameter.name)
        }
        if case .dictionary(let userInfo)? = entity.properties[userInfoKey] {
            activity.userInfo = Dictionary(uniqueKeysWithValues: userInfo.map { (AnyHashable($0.0), $0.1.text as Any) })
        }
        return response
    }
}
