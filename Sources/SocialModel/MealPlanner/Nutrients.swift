/// Protein, carbohydrate and fat in grams, with their energy by the 4/4/9 kcal-per-gram factors.
public struct Macros: Sendable, Hashable, Codable {
    /// Protein in grams.
    public var protein: Double
    /// Carbohydrate in grams.
    public var carbohydrate: Double
    /// Fat in grams.
    public var fat: Double

    /// Creates a set of macros.
    public init(protein: Double, carbohydrate: Double, fat: Double) {
        self.protein = protein
        self.carbohydrate = carbohydrate
        self.fat = fat
    }

    /// Energy in kcal: 4 per gram of protein or carbohydrate, 9 per gram of fat.
    public var energy: Double { 4 * protein + 4 * carbohydrate + 9 * fat }

    static func + (lhs: Macros, rhs: Macros) -> Macros {
        Macros(
            protein: lhs.protein + rhs.protein, carbohydrate: lhs.carbohydrate + rhs.carbohydrate,
            fat: lhs.fat + rhs.fat)
    }
}

/// A food the planner portions, with its macros per 100 g.
public struct Food: Sendable, Hashable {
    /// The food's name.
    public var name: String
    /// Macros in 100 g of the food, as weighed for cooking.
    public var per100Grams: Macros

    /// Creates a food.
    public init(name: String, per100Grams: Macros) {
        self.name = name
        self.per100Grams = per100Grams
    }

    /// The macros in `grams` of the food.
    public func macros(in grams: Double) -> Macros {
        Macros(
            protein: per100Grams.protein * grams / 100, carbohydrate: per100Grams.carbohydrate * grams / 100,
            fat: per100Grams.fat * grams / 100)
    }

    // Values per 100 g from the USDA National Nutrient Database for Standard Reference, Legacy
    // Release (Agricultural Research Service, 2018), by NDB number.

    /// NDB 05064, "Chicken, broilers or fryers, breast, meat only, cooked, roasted": 31.02 g protein,
    /// 0 g carbohydrate, 3.57 g fat (165 kcal).
    public static let chickenBreast = Food(
        name: "chicken breast", per100Grams: Macros(protein: 31.02, carbohydrate: 0, fat: 3.57))
    /// NDB 20444, "Rice, white, long-grain, regular, raw, unenriched" (basmati is a long-grain white
    /// rice), weighed dry: 7.13 g protein, 79.95 g carbohydrate, 0.66 g fat (365 kcal).
    public static let basmatiRice = Food(
        name: "basmati rice (dry)", per100Grams: Macros(protein: 7.13, carbohydrate: 79.95, fat: 0.66))
    /// NDB 04053, "Oil, olive, salad or cooking": 100 g fat (884 kcal).
    public static let oliveOil = Food(name: "olive oil", per100Grams: Macros(protein: 0, carbohydrate: 0, fat: 100))
    /// NDB 11583, "Vegetables, mixed, frozen, cooked, boiled, drained, without salt": 2.86 g protein,
    /// 13.09 g carbohydrate, 0.15 g fat (65 kcal).
    public static let mixedVegetables = Food(
        name: "mixed vegetables", per100Grams: Macros(protein: 2.86, carbohydrate: 13.09, fat: 0.15))
}
