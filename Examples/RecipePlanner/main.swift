// The recipe app in a terminal: sign in by email (registering when offered), set a body profile,
// print the day's energy and one meal's macros and grams, then the first page of recipes.
// Run with `swift run recipe-planner --sex female --weight 60 --height 165 --age 30`.
import ArgumentParser
import FilmKit
import Foundation
import SocialModel
import SocialModelPhotos
import SocialModelSQLite

extension Sex: ExpressibleByArgument {}
extension ActivityLevel: ExpressibleByArgument {}
extension Goal: ExpressibleByArgument {}

struct RecipePlanner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipe-planner",
        abstract: "Sign in, set a body profile, and print a meal plan and the newest recipes.")

    @Option(help: "The SQLite file (created if missing). Default: a new temporary folder.")
    var database: String?
    @Option(help: "The email to sign in with; registered when unknown.")
    var email = "cook@example.com"
    @Option(help: "The password.")
    var password = "Basmati-and-chicken-5"
    @Option(help: "female or male.")
    var sex = Sex.female
    @Option(help: "Weight in kg.")
    var weight = 60.0
    @Option(help: "Height in cm.")
    var height = 165.0
    @Option(help: "Age in years.")
    var age = 30
    @Option(help: "none, light, moderate, medium or heavy.")
    var activity = ActivityLevel.moderate
    @Option(help: "lose-weight or gain-muscle.")
    var goal = Goal.loseWeight
    @Option(help: "A photo for the sample recipes. Default: Examples/Samples/rocket.jpg.")
    var photo: String?
    @Option(help: "PBKDF2 iterations for password hashes (at least 210000).")
    var iterations = PBKDF2PasswordHasher.recommendedIterations

    func execute() async throws {
        let databaseURL =
            database.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("recipe-planner-\(UUID().uuidString)/social.sqlite")
        let folder = databaseURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteSocialStore(url: databaseURL)
        let outbox = OutboxMailer(directory: folder.appendingPathComponent("outbox"))
        let accounts = AccountService(
            store: store, mailer: outbox, hasher: try PBKDF2PasswordHasher(iterations: iterations))
        // Recipe photos are squares; no filters are used, so an empty registry will do.
        let photos = VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false))
        let recipes = RecipeService(store: store, accounts: accounts, photos: photos)
        let meals = MealPlanService(store: store, accounts: accounts)
        print("database: \(databaseURL.path)\n")

        let session = try await signIn(accounts, outbox: outbox)
        print("signed in as \(session.user.username)\n")
        // Authenticated once; the recipe and meal-plan sessions act as this account.
        let account = try await accounts.session(session.token)
        let cook = recipes.session(account)
        let eater = meals.session(account)

        let profile = BodyProfile(
            sex: sex, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: activity, goal: goal)
        try await eater.setBodyProfile(profile)
        let plan = try await eater.mealPlan()
        let macros = plan.mealMacros
        let portions = plan.portions
        print(
            """
            \(sex.rawValue), \(Self.format(weight)) kg, \(Self.format(height)) cm, \(age) years, \
            \(activity.rawValue) activity, goal \(goal.rawValue)
            basal metabolic rate  \(Self.format(plan.basalMetabolicRate)) kcal/day
            maintenance           \(Self.format(plan.maintenanceEnergy)) kcal (× \(plan.activityFactor))
            daily energy          \(Self.format(plan.dailyEnergy)) kcal (\(Self.format(plan.energyAdjustment)) for the goal)
            each of 5 meals       \(Self.format(plan.mealEnergy)) kcal: protein \(Self.format(macros.protein)) g, \
            carbohydrate \(Self.format(macros.carbohydrate)) g, fat \(Self.format(macros.fat)) g
            one meal              \(portions.chickenGrams) g chicken breast, \(portions.riceGrams) g basmati rice (dry), \
            \(portions.oliveOilGrams) g olive oil, \(portions.vegetableGrams) g mixed vegetables

            """)

        if try await recipes.page().totalCount == 0 {
            try await seed(cook)
        }
        let page = try await recipes.page(1, order: .newest)
        print("recipes, page \(page.number) of \(page.pageCount) (\(page.totalCount) in all), newest first:")
        for recipe in page.recipes {
            let photo = recipe.hasPhoto ? ", photo" : ""
            print("  \(recipe.name) — \(recipe.preparationMinutes) min, \(recipe.likeCount) likes\(photo)")
        }
    }

    /// The original's email screen: sign in, or register when offered, verify from the outbox, retry.
    func signIn(_ accounts: AccountService, outbox: OutboxMailer) async throws -> SignedInSession {
        switch try await accounts.signInOrOfferRegistration(email: email, password: password, clientKey: "local") {
        case .signedIn(let session):
            return session
        case .registrationOffered(let address):
            print("no account matched; registering \(address)")
            let username = String(address.prefix { $0 != "@" }.filter { $0.isLetter || $0.isNumber })
            try await accounts.register(Registration(email: address, username: username, password: password))
            guard
                let token = try outbox.messages().last(where: { $0.to == address && $0.purpose == .emailVerification })?
                    .token
            else { throw RunFailure("no verification email for \(address)") }
            try await accounts.verifyEmail(token: SecretToken(rawValue: token))
            return try await accounts.signIn(email: address, password: password, clientKey: "local")
        }
    }

    /// Twelve sample recipes, so the first page is full and a second exists; the first has a photo.
    func seed(_ cook: RecipeSession) async throws {
        let photoURL =
            photo.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/rocket.jpg")
        let photoData = try? Data(contentsOf: photoURL)
        let names = [
            "Chicken and basmati bowl", "Lemon herb chicken", "Vegetable stir-fry", "Overnight oats", "Lentil soup",
            "Greek salad", "Salmon with greens", "Tomato rice", "Chickpea curry", "Omelette", "Banana pancakes",
            "Roast vegetables",
        ]
        for (index, name) in names.enumerated() {
            let recipe = try await cook.publish(
                RecipeDraft(
                    name: name, preparationMinutes: 10 + 5 * index, ingredients: ["See the card"],
                    steps: ["Prepare.", "Cook.", "Serve."], photo: index == 0 ? photoData : nil))
            if index % 3 == 0 { try await cook.like(recipeID: recipe.id) }
        }
    }

    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

/// Why a run stopped, in one line. ArgumentParser prints it as `Error: …` and exits with status 1,
/// where a `ValidationError` (a command line that does not fit) prints the usage and exits with 64.
struct RunFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

// Top-level code would pick ArgumentParser's synchronous entry point, so parse, then run the async work.
do {
    try await RecipePlanner.parse().execute()
} catch {
    RecipePlanner.exit(withError: error)
}
