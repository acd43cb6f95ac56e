/// The grams of each food in one meal.
public struct MealPortions: Sendable, Hashable, Codable {
    /// Cooked chicken breast, to the nearest 5 g.
    public var chickenGrams: Int
    /// Dry basmati rice, to the nearest 5 g.
    public var riceGrams: Int
    /// Olive oil, to the nearest gram.
    public var oliveOilGrams: Int
    /// Mixed vegetables: a fixed side.
    public var vegetableGrams: Int

    /// Creates portions.
    public init(chickenGrams: Int, riceGrams: Int, oliveOilGrams: Int, vegetableGrams: Int) {
        self.chickenGrams = chickenGrams
        self.riceGrams = riceGrams
        self.oliveOilGrams = oliveOilGrams
        self.vegetableGrams = vegetableGrams
    }

    /// What the rounded portions actually provide.
    public var macros: Macros {
        Food.chickenBreast.macros(in: Double(chickenGrams)) + Food.basmatiRice.macros(in: Double(riceGrams))
            + Food.oliveOil.macros(in: Double(oliveOilGrams)) + Food.mixedVegetables.macros(in: Double(vegetableGrams))
    }
}

/// A day's energy and one meal's macros and portions for a body profile.
public struct MealPlan: Sendable, Hashable, Codable {
    /// The equation the basal metabolic rate came from.
    public var equation: BMREquation
    /// Basal metabolic rate in kcal a day.
    public var basalMetabolicRate: Double
    /// The activity factor applied.
    public var activityFactor: Double
    /// Energy that keeps the weight steady, in kcal a day: BMR times the activity factor.
    public var maintenanceEnergy: Double
    /// The kcal a day added for the goal: negative for a deficit, positive for a surplus
    /// (``MealPlanner/energyAdjustment(_:)``, never taking the day below the BMR).
    public var energyAdjustment: Double
    /// Energy for a day in kcal: ``maintenanceEnergy`` plus ``energyAdjustment``.
    public var dailyEnergy: Double
    /// Energy for one of the day's meals in kcal.
    public var mealEnergy: Double
    /// The macros one meal should provide.
    public var mealMacros: Macros
    /// Those macros as grams of food.
    public var portions: MealPortions
}

/// Works out energy, macros and food portions the way the original recipe app did.
///
/// Choices where the original was ambiguous:
/// - **Equation.** Harris–Benedict by default, Mifflin–St Jeor when asked (``BMREquation``).
/// - **Goal and energy.** The day's energy is the maintenance energy (BMR × activity factor)
///   adjusted for the goal (``energyAdjustment(_:)``: a deficit to lose weight, a surplus to gain
///   muscle); the goal also sets the macro split (lose weight 40/40/20, gain muscle 15/60/25 % of
///   energy from protein/carbohydrate/fat).
/// - **Activity levels.** Chosen by hours of exercise a day, with the bands and the reasons for
///   them in ``ActivityLevel/init(exerciseHoursPerDay:)``.
/// - **Foods.** Vegetables are a fixed side of ``vegetableGrams`` per meal; rice then supplies the
///   remaining carbohydrate, chicken the remaining protein, and olive oil the remaining fat (each
///   never below zero). Chicken and rice are rounded to 5 g, oil to 1 g.
public struct MealPlanner: Sendable {
    /// Meals in a day.
    public var mealsPerDay = 5
    /// Grams of mixed vegetables in each meal.
    public var vegetableGrams = 150

    /// A planner with the original app's five meals.
    public init() {}

    /// The basal metabolic rate in kcal a day, by the original Harris–Benedict equations (1919)
    /// unless another equation is asked for.
    /// - Parameters:
    ///   - profile: the measurements.
    ///   - equation: the equation; Harris–Benedict by default.
    /// - Returns: kcal a day.
    public static func basalMetabolicRate(_ profile: BodyProfile, equation: BMREquation = .harrisBenedict) -> Double {
        equation.basalMetabolicRate(profile)
    }

    /// The original app's activity factors for men and women.
    public static func activityFactor(_ activity: ActivityLevel, sex: Sex) -> Double {
        switch (activity, sex) {
        case (.none, _): 1.4
        case (.light, _): 1.5
        case (.moderate, .male): 1.7
        case (.moderate, .female): 1.6
        case (.medium, .male): 1.8
        case (.medium, .female): 1.7
        case (.heavy, .male): 2.1
        case (.heavy, .female): 1.8
        }
    }

    /// The share of a meal's energy from protein, carbohydrate and fat.
    public static func energyShares(_ goal: Goal) -> (protein: Double, carbohydrate: Double, fat: Double) {
        switch goal {
        case .loseWeight: (0.40, 0.40, 0.20)
        case .gainMuscle: (0.15, 0.60, 0.25)
        }
    }

    /// The kcal a day a goal adds to the maintenance energy: a deficit of 500 kcal to lose weight,
    /// a surplus of 360 kcal to gain muscle. ``plan(for:equation:)`` never lets a deficit take the
    /// day below the basal metabolic rate.
    ///
    /// - The deficit is the lower end of the 500 to 1,000 kcal a day that the NHLBI's *Clinical
    ///   Guidelines on the Identification, Evaluation, and Treatment of Overweight and Obesity in
    ///   Adults* (NIH Publication No. 98-4083, 1998) recommend for losing 1 to 2 pounds a week.
    /// - The surplus is the lower end of the conservative 1,500 to 2,000 kJ a day (about 360 to
    ///   480 kcal) that Slater et al., "Is an Energy Surplus Required to Maximize Skeletal Muscle
    ///   Hypertrophy Associated With Resistance Training", *Front Nutr* 6:131 (2019), suggest,
    ///   adjusted by progress.
    /// - Parameter goal: the goal.
    /// - Returns: kcal a day, negative for a deficit.
    public static func energyAdjustment(_ goal: Goal) -> Double {
        switch goal {
        case .loseWeight: -500
        case .gainMuscle: 360
        }
    }

    /// The plan for a profile.
    /// - Parameters:
    ///   - profile: the measurements.
    ///   - equation: the basal-metabolic-rate equation; Harris–Benedict by default.
    /// - Returns: the plan.
    /// - Throws: ``MealPlanError/implausible(_:)`` for values outside plausible human ranges (NaN
    ///   and infinities included).
    public func plan(for profile: BodyProfile, equation: BMREquation = .harrisBenedict) throws(MealPlanError)
        -> MealPlan
    {
        let profile = try profile.validated()
        let bmr = Self.basalMetabolicRate(profile, equation: equation)
        let factor = Self.activityFactor(profile.activity, sex: profile.sex)
        let maintenance = bmr * factor
        let daily = max(bmr, maintenance + Self.energyAdjustment(profile.goal))
        let meal = daily / Double(mealsPerDay)
        let shares = Self.energyShares(profile.goal)
        let macros = Macros(
            protein: meal * shares.protein / 4, carbohydrate: meal * shares.carbohydrate / 4, fat: meal * shares.fat / 9
        )
        return MealPlan(
            equation: equation, basalMetabolicRate: bmr, activityFactor: factor, maintenanceEnergy: maintenance,
            energyAdjustment: daily - maintenance, dailyEnergy: daily, mealEnergy: meal, mealMacros: macros,
            portions: portions(for: macros))
    }

    /// Solves for the grams, one food per nutrient, in the order that keeps the system triangular:
    /// only rice and vegetables carry carbohydrate, and oil carries nothing but fat.
    func portions(for target: Macros) -> MealPortions {
        let vegetables = Food.mixedVegetables.macros(in: Double(vegetableGrams))
        let rice = max(
            0, (target.carbohydrate - vegetables.carbohydrate) / Food.basmatiRice.per100Grams.carbohydrate * 100)
        let riceMacros = Food.basmatiRice.macros(in: rice)
        let chicken = max(
            0, (target.protein - vegetables.protein - riceMacros.protein) / Food.chickenBreast.per100Grams.protein * 100
        )
        let fatSoFar = vegetables.fat + riceMacros.fat + Food.chickenBreast.macros(in: chicken).fat
        let oil = max(0, (target.fat - fatSoFar) / Food.oliveOil.per100Grams.fat * 100)
        return MealPortions(
            chickenGrams: Self.round(chicken, to: 5), riceGrams: Self.round(rice, to: 5),
            oliveOilGrams: Self.round(oil, to: 1), vegetableGrams: vegetableGrams)
    }

    static func round(_ grams: Double, to step: Int) -> Int {
        Int((grams / Double(step)).rounded(.toNearestOrAwayFromZero)) * step
    }
}
