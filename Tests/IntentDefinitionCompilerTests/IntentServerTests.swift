import Foundation
import Intents
import ShortcutsContent
import ShortcutsRPC
import Testing

/// The golden generated code served by the `Intents` runtime: resolution results become perform
/// outcomes, and both handler forms (completion and async) are called.
@Suite struct IntentServerTests {
    /// Implements the completion-handler forms.
    final class CompletionCreateTask: NSObject, CreateTaskIntentHandling {
        func resolveTitle(for intent: CreateTaskIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
            completion(intent.title.map { .success(with: $0.uppercased()) } ?? .needsValue())
        }

        func resolveDueDate(for intent: CreateTaskIntent, with completion: @escaping (CreateTaskDueDateResolutionResult) -> Void) {
            guard let components = intent.dueDate, let date = Calendar.current.date(from: components) else {
                return completion(.needsValue())
            }
            completion(date > Date() ? .success(with: components) : .unsupported(forReason: .invalidDate))
        }

        func handle(intent: CreateTaskIntent, completion: @escaping (CreateTaskIntentResponse) -> Void) {
            let task = Task(identifier: "t1", display: intent.title ?? "")
            task.dueDate = intent.dueDate
            completion(.success(task: task))
        }
    }

    /// Implements the async forms and asks for confirmation of the topping.
    final class AsyncOrderPizza: NSObject, OrderPizzaIntentHandling {
        let toppings = ["Pepperoni", "Mushroom", "Pineapple"].map { Topping(identifier: $0.lowercased(), display: $0) }

        func resolveTopping(for intent: OrderPizzaIntent) async -> ToppingResolutionResult {
            guard let topping = intent.topping else { return .disambiguation(with: toppings) }
            return topping.identifier == "pineapple" ? .confirmationRequired(with: topping) : .success(with: topping)
        }

        func provideToppingOptionsCollection(for intent: OrderPizzaIntent, searchTerm: String?) async throws -> INObjectCollection<Topping>
        {
            INObjectCollection(items: toppings.filter { searchTerm.map($0.displayString.contains) ?? true })
        }

        func handle(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse {
            let activity = NSUserActivity(activityType: "OrderPizzaIntent")
            activity.userInfo = ["note": "extra cheese"]
            let response = OrderPizzaIntentResponse(code: .continueInApp, userActivity: activity)
            response.topping = intent.topping
            return response
        }
    }

    final class Principal: INExtension {
        override func handler(for intent: INIntent) -> Any {
            intent is CreateTaskIntent ? CompletionCreateTask() : AsyncOrderPizza()
        }
    }

    let server = INIntentServer(
        bundleIdentifier: "com.example.Test", definitions: [IntentsIntentDefinition.schema], dispatch: .intentsExtension(Principal()))

    func perform(_ intent: String, _ parameters: [String: Content], confirmed: [String] = []) async throws
        -> ExtensionProtocol.PerformResult
    {
        let params = ExtensionProtocol.PerformParams(
            intent: intent, parameters: parameters, confirmedParameters: confirmed, isInteractive: true)
        let line = try JSONRPC.encode(JSONRPC.Request(id: .number(1), method: ExtensionProtocol.Method.perform, params: params))
        let response = try #require(await server.handle(line).response)
        return try JSONRPC.decode(JSONRPC.Response<ExtensionProtocol.PerformResult>.self, from: response).result
    }

    @Test func aMissingValueAsksWithThePrimaryPrompt() async throws {
        let result = try await perform("CreateTaskIntent", ["title": .text("Milk")])
        #expect(result.outcome == .needsValue)
        #expect(result.parameter == "dueDate")
        #expect(result.dialog == "When is it due?")
    }

    @Test func aCustomUnsupportedReasonGivesItsMessage() async throws {
        let result = try await perform("CreateTaskIntent", ["title": .text("Milk"), "dueDate": .date(Date(timeIntervalSinceNow: -86_400))])
        #expect(result.outcome == .unsupported)
        #expect(result.parameter == "dueDate")
        #expect(result.message == "The due date must be in the future.")
    }

    @Test func successReturnsTheOutputAndTheCodesDialog() async throws {
        let result = try await perform("CreateTaskIntent", ["title": .text("Milk"), "dueDate": .date(Date(timeIntervalSinceNow: 86_400))])
        #expect(result.outcome == .success)
        #expect(result.dialog == "Created MILK.")
        guard case .entity(let task)? = result.value else {
            Issue.record("expected a Task entity, got \(String(describing: result.value))"); return
        }
        #expect(task.typeName == "Task")
        #expect(task.displayTitle == "MILK")
        #expect(task.properties["dueDate"]?.date != nil)
    }

    /// A response template may reach into a custom type's property, as Xcode's allow
    /// (`${flag.countryName}`): the property's value is filled in.
    @Test func aTemplateReachesIntoACustomTypesProperty() async throws {
        var definition = IntentsIntentDefinition.schema
        let index = try #require(definition.intents.firstIndex { $0.className == "CreateTaskIntent" })
        let success = try #require(definition.intents[index].responseCodes.firstIndex { $0.name == "success" })
        definition.intents[index].responseCodes[success].dialog =
            "Created ${task}, due ${task.dueDate}; ${task.nothing} ${nobody.at.all}end"
        let server = INIntentServer(
            bundleIdentifier: "com.example.Test", definitions: [definition], dispatch: .intentsExtension(Principal()))
        let params = ExtensionProtocol.PerformParams(
            intent: "CreateTaskIntent",
            parameters: ["title": .text("Milk"), "dueDate": .date(Date(timeIntervalSince1970: 1_956_528_000))], isInteractive: true)
        let line = try JSONRPC.encode(JSONRPC.Request(id: .number(1), method: ExtensionProtocol.Method.perform, params: params))
        let response = try #require(await server.handle(line).response)
        let result = try JSONRPC.decode(JSONRPC.Response<ExtensionProtocol.PerformResult>.self, from: response).result
        let dialog = try #require(result.dialog)
        #expect(dialog.hasPrefix("Created MILK, due "), "\(dialog)")
        #expect(dialog.contains("2032"), "\(dialog)")
        #expect(dialog.hasSuffix(";  end"), "\(dialog)")
    }

    @Test func disambiguationOffersTheThreeToppings() async throws {
        let result = try await perform("OrderPizzaIntent", [:])
        #expect(result.outcome == .disambiguation)
        #expect(result.dialog == "Which one of these toppings?")
        #expect(result.options?.map(\.title) == ["Pepperoni", "Mushroom", "Pineapple"])
    }

    @Test func confirmationIsAskedUntilTheParameterIsConfirmed() async throws {
        let pineapple = Content.entity(EntityContent(typeName: "Topping", identifier: "pineapple", displayTitle: "Pineapple"))
        let first = try await perform("OrderPizzaIntent", ["topping": pineapple])
        #expect(first.outcome == .confirmationRequired)
        #expect(first.parameter == "topping")
        let second = try await perform("OrderPizzaIntent", ["topping": pineapple], confirmed: ["topping"])
        #expect(second.outcome == .success)
        #expect(second.opensApp == true)
    }

    @Test func continueInAppCarriesTheResponseToTheApp() async throws {
        let mushroom = Content.entity(EntityContent(typeName: "Topping", identifier: "mushroom", displayTitle: "Mushroom"))
        let result = try await perform("OrderPizzaIntent", ["topping": mushroom])
        #expect(result.outcome == .success)
        #expect(result.opensApp == true)
        guard case .entity(let response)? = result.value else { Issue.record("expected the response as an entity"); return }
        #expect(response.identifier == "continueInApp")
        #expect(response.properties["topping"].map { if case .entity(let topping) = $0 { topping.identifier } else { "" } } == "mushroom")
        #expect(response.properties["userInfo"]?.dictionary?["note"]?.text == "extra cheese")
    }

    @Test func optionsAreSearchedWithTheSearchTerm() async throws {
        let params = ExtensionProtocol.OptionsParams(intent: "OrderPizzaIntent", parameter: "topping", searchTerm: "Mush")
        let line = try JSONRPC.encode(JSONRPC.Request(id: .number(2), method: ExtensionProtocol.Method.listOptions, params: params))
        let response = try #require(await server.handle(line).response)
        let options = try JSONRPC.decode(JSONRPC.Response<ExtensionProtocol.OptionsResult>.self, from: response).result.options
        #expect(options.map(\.title) == ["Mushroom"])
    }

    @Test func anUnknownIntentIsAnInvalidParamsError() async throws {
        let params = ExtensionProtocol.PerformParams(intent: "NoSuchIntent", parameters: [:], isInteractive: true)
        let line = try JSONRPC.encode(JSONRPC.Request(id: .number(3), method: ExtensionProtocol.Method.perform, params: params))
        let response = try #require(await server.handle(line).response)
        let error = try JSONRPC.decode(JSONRPC.ErrorResponse.self, from: response).error
        #expect(error.code == JSONRPC.ErrorObject.invalidParamsCode)
        #expect(error.message.contains("CreateTaskIntent"))
    }

    @Test func theManifestDescribesIntentsTypesAndOutputs() {
        let manifest = INIntentDefinitionSchema.manifest(
            of: [IntentsIntentDefinition.schema], bundleIdentifier: "com.example.Test", name: "Test", executable: "/bin/test")
        #expect(manifest.actions.map(\.identifier) == ["com.example.Test.CreateTaskIntent", "com.example.Test.OrderPizzaIntent"])
        let createTask = manifest.actions[0]
        #expect(createTask.inputParameter == "title")
        #expect(createTask.outputType == "Task")
        #expect(createTask.parameter("dueDate")?.type == .date)
        #expect(manifest.actions[1].parameter("topping")?.entityType == "Topping")
        #expect(manifest.actions[1].parameter("topping")?.hasDynamicOptions == true)
        #expect(manifest.entities.first { $0.name == "Task" }?.properties.map(\.name) == ["dueDate", "url"])
    }
}
