import Foundation
import Intents

/// The handler from Xcode's intents-extension tutorial: a topping chosen among three, a search
/// over them, confirmation, and an order that continues in the app.
final class OrderPizzaIntentHandler: NSObject, OrderPizzaIntentHandling {
    /// Made afresh for each answer: a `Topping` is a class an answer hands on, not a shared constant.
    static var toppings: [Topping] {
        [
            Topping(identifier: "pepperoni", display: "Pepperoni"),
            Topping(identifier: "mushroom", display: "Mushroom"),
            Topping(identifier: "pineapple", display: "Pineapple"),
        ]
    }

    func resolveTopping(for intent: OrderPizzaIntent, with completion: @escaping (ToppingResolutionResult) -> Void) {
        guard let topping = intent.topping else {
            completion(.disambiguation(with: Self.toppings))
            return
        }
        completion(.success(with: topping))
    }

    func provideToppingOptionsCollection(
        for intent: OrderPizzaIntent, searchTerm: String?, with completion: @escaping (INObjectCollection<Topping>?, Error?) -> Void
    ) {
        let matches = Self.toppings.filter { searchTerm == nil || $0.displayString.localizedCaseInsensitiveContains(searchTerm!) }
        completion(INObjectCollection(items: matches), nil)
    }

    func confirm(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void) {
        completion(OrderPizzaIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void) {
        let activity = NSUserActivity(activityType: "OrderPizzaIntent")
        activity.userInfo = ["orderedAt": ISO8601DateFormatter().string(from: Date())]
        let response = OrderPizzaIntentResponse(code: .continueInApp, userActivity: activity)
        response.topping = intent.topping
        completion(response)
    }
}
