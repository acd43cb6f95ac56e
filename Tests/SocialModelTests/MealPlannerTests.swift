import SocialModel
import Testing

@Suite("Meal planner")
struct MealPlannerTests {
    static let woman = BodyProfile(
        sex: .female, weightKilograms: 60, heightCentimeters: 165, ageYears: 30, activity: .none, goal: .loseWeight)
    static let man = BodyProfile(
        sex: .male, weightKilograms: 80, heightCentimeters: 180, ageYears: 40, activity: .none, goal: .loseWeight)

    struct Case: Sendable, CustomTestStringConvertible {
        var sex: Sex
        var activity: ActivityLevel
        var goal: Goal
        var daily: Double
        var protein: Double
        var carbohydrate: Double
        var fat: Double
        var testDescription: String { "\(sex) \(activity) \(goal)" }
    }

    // Worked by hand from the spec's formulas, not from the code:
    //   woman BMR = 655.0955 + 9.5634·60 + 1.8496·165 − 4.6756·30 = 1393.8155 kcal
    //   man   BMR = 66.473 + 13.7516·80 + 5.0033·180 − 6.755·40   = 1796.995 kcal
    //   daily = BMR × factor; meal = daily / 5
    //   lose weight: protein = meal·0.40/4, carbohydrate = meal·0.40/4, fat = meal·0.20/9
    //   gain muscle: protein = meal·0.15/4, carbohydrate = meal·0.60/4, fat = meal·0.25/9
    // e.g. woman, moderate (1.6): daily = 1393.8155 × 1.6 = 2230.1048; meal = 446.02096;
    //   lose weight protein = 446.02096 × 0.4 / 4 = 44.6021 g.
    static let cases: [Case] = [
        Case(
            sex: .female, activity: .none, goal: .loseWeight, daily: 1951.3417, protein: 39.0268, carbohydrate: 39.0268,
            fat: 8.6726),
        Case(
            sex: .female, activity: .none, goal: .gainMuscle, daily: 1951.3417, protein: 14.6351, carbohydrate: 58.5403,
            fat: 10.8408),
        Case(
            sex: .female, activity: .light, goal: .loseWeight, daily: 2090.7233, protein: 41.8145,
            carbohydrate: 41.8145, fat: 9.2921),
        Case(
            sex: .female, activity: .light, goal: .gainMuscle, daily: 2090.7233, protein: 15.6804,
            carbohydrate: 62.7217, fat: 11.6151),
        Case(
            sex: .female, activity: .moderate, goal: .loseWeight, daily: 2230.1048, protein: 44.6021,
            carbohydrate: 44.6021, fat: 9.9116),
        Case(
            sex: .female, activity: .moderate, goal: .gainMuscle, daily: 2230.1048, protein: 16.7258,
            carbohydrate: 66.9031, fat: 12.3895),
        Case(
            sex: .female, activity: .medium, goal: .loseWeight, daily: 2369.4863, protein: 47.3897,
            carbohydrate: 47.3897, fat: 10.5311),
        Case(
            sex: .female, activity: .medium, goal: .gainMuscle, daily: 2369.4863, protein: 17.7711,
            carbohydrate: 71.0846, fat: 13.1638),
        Case(
            sex: .female, activity: .heavy, goal: .loseWeight, daily: 2508.8679, protein: 50.1774,
            carbohydrate: 50.1774, fat: 11.1505),
        Case(
            sex: .female, activity: .heavy, goal: .gainMuscle, daily: 2508.8679, protein: 18.8165,
            carbohydrate: 75.2660, fat: 13.9382),
        Case(
            sex: .male, activity: .none, goal: .loseWeight, daily: 2515.7930, protein: 50.3159, carbohydrate: 50.3159,
            fat: 11.1813),
        Case(
            sex: .male, activity: .none, goal: .gainMuscle, daily: 2515.7930, protein: 18.8684, carbohydrate: 75.4738,
            fat: 13.9766),
        Case(
            sex: .male, activity: .light, goal: .loseWeight, daily: 2695.4925, protein: 53.9098, carbohydrate: 53.9098,
            fat: 11.9800),
        Case(
            sex: .male, activity: .light, goal: .gainMuscle, daily: 2695.4925, protein: 20.2162, carbohydrate: 80.8648,
            fat: 14.9750),
        Case(
            sex: .male, activity: .moderate, goal: .loseWeight, daily: 3054.8915, protein: 61.0978,
            carbohydrate: 61.0978, fat: 13.5773),
        Case(
            sex: .male, activity: .moderate, goal: .gainMuscle, daily: 3054.8915, protein: 22.9117,
            carbohydrate: 91.6467, fat: 16.9716),
        Case(
            sex: .male, activity: .medium, goal: .loseWeight, daily: 3234.5910, protein: 64.6918, carbohydrate: 64.6918,
            fat: 14.3760),
        Case(
            sex: .male, activity: .medium, goal: .gainMuscle, daily: 3234.5910, protein: 24.2594, carbohydrate: 97.0377,
            fat: 17.9699),
        Case(
            sex: .male, activity: .heavy, goal: .loseWeight, daily: 3773.6895, protein: 75.4738, carbohydrate: 75.4738,
            fat: 16.7720),
        Case(
            sex: .male, activity: .heavy, goal: .gainMuscle, daily: 3773.6895, protein: 28.3027, carbohydrate: 113.2107,
            fat: 20.9649),
    ]

    static func close(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) < 0.0001
    }

    @Test(arguments: cases)
    func energyAndMacrosMatchTheHandWorkedFigures(_ expected: Case) throws {
        var profile = expected.sex == .female ? Self.woman : Self.man
        profile.activity = expected.activity
        profile.goal = expected.goal
        let plan = try MealPlanner().plan(for: profile)
        #expect(Self.close(plan.basalMetabolicRate, expected.sex == .female ? 1393.8155 : 1796.995))
        #expect(Self.close(plan.dailyEnergy, expected.daily))
        #expect(Self.close(plan.mealEnergy, expected.daily / 5))
        #expect(Self.close(plan.mealMacros.protein, expected.protein))
        #expect(Self.close(plan.mealMacros.carbohydrate, expected.carbohydrate))
        #expect(Self.close(plan.mealMacros.fat, expected.fat))
        #expect(Self.close(plan.mealMacros.energy, plan.mealEnergy))
    }

    // Grams worked by hand with the cited USDA values (per 100 g: rice 7.13 P / 79.95 C / 0.66 F,
    // chicken 31.02 P / 3.57 F, oil 100 F, vegetables 2.86 P / 13.09 C / 0.15 F; 150 g vegetables):
    //   rice    = (C − 19.635) / 0.7995
    //   chicken = (P − 4.29 − 0.0713·rice) / 0.3102
    //   oil     = F − 0.225 − 0.0066·rice − 0.0357·chicken
    // woman, none, lose weight: rice 24.25 → 25 g, chicken 106.41 → 105 g, oil 4.49 → 4 g.
    // man, heavy, gain muscle: rice 117.04 → 115 g, chicken 50.51 → 50 g, oil 18.16 → 18 g.
    // man, moderate, lose weight: rice 51.86 → 50 g, chicken 171.21 → 170 g, oil 6.90 → 7 g.
    @Test func portionsMatchTheHandWorkedGrams() throws {
        let planner = MealPlanner()
        var man = Self.man
        #expect(
            try planner.plan(for: Self.woman).portions
                == MealPortions(chickenGrams: 105, riceGrams: 25, oliveOilGrams: 4, vegetableGrams: 150))
        man.activity = .heavy
        man.goal = .gainMuscle
        #expect(
            try planner.plan(for: man).portions
                == MealPortions(chickenGrams: 50, riceGrams: 115, oliveOilGrams: 18, vegetableGrams: 150))
        man.activity = .moderate
        man.goal = .loseWeight
        let plan = try planner.plan(for: man)
        #expect(plan.portions == MealPortions(chickenGrams: 170, riceGrams: 50, oliveOilGrams: 7, vegetableGrams: 150))
        // The rounded portions land within a few percent of the target energy.
        #expect(abs(plan.portions.macros.energy - plan.mealEnergy) / plan.mealEnergy < 0.05)
    }

    @Test(arguments: [
        (0.0, ActivityLevel.none), (0.49, .none), (0.5, .light), (0.99, .light), (1, .moderate), (1.99, .moderate),
        (2, .medium), (2.5, .medium), (3, .heavy), (24, .heavy),
    ])
    func activityBandsByDailyHoursGiveBoundariesToTheMoreActiveLevel(hours: Double, level: ActivityLevel) {
        #expect(ActivityLevel(exerciseHoursPerDay: hours) == level)
    }

    @Test func anHourOfExerciseEveryDayIsModerateNotHeavy() {
        // What the weekly reading (7 h a week = heavy) got wrong.
        #expect(ActivityLevel(exerciseHoursPerDay: 7.0 / 7) == .moderate)
    }

    @Test func impossibleHoursAreRefused() {
        for hours in [-1, -0.0001, 24.5, .nan, .infinity, -.infinity] {
            #expect(ActivityLevel(exerciseHoursPerDay: hours) == nil, "\(hours)")
        }
    }

    @Test func implausibleBodiesAreRefusedWithEveryValueNamed() {
        let profile = BodyProfile(
            sex: .male, weightKilograms: 12, heightCentimeters: 300, ageYears: 130, activity: .light, goal: .gainMuscle)
        #expect(
            throws: MealPlanError.implausible([
                ImplausibleValue(field: .weight, value: 12, allowed: 30...300),
                ImplausibleValue(field: .height, value: 300, allowed: 120...230),
                ImplausibleValue(field: .age, value: 130, allowed: 15...100),
            ])
        ) {
            _ = try MealPlanner().plan(for: profile)
        }
    }

    @Test(arguments: [
        (Double.nan, 170.0, 30), (-70, 170, 30), (70, .infinity, 30), (70, 119.9, 30), (70, 170, 14), (300.1, 170, 30),
    ])
    func eachImplausibleValueIsRefused(weight: Double, height: Double, age: Int) {
        let profile = BodyProfile(
            sex: .female, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: .none,
            goal: .loseWeight)
        #expect(throws: MealPlanError.self) { _ = try profile.validated() }
    }

    @Test func theRangeEndsAreAccepted() throws {
        for (weight, height, age) in [(30.0, 120.0, 15), (300, 230, 100)] {
            let profile = BodyProfile(
                sex: .male, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: .heavy,
                goal: .gainMuscle)
            #expect(try MealPlanner().plan(for: profile).dailyEnergy > 0)
        }
    }
}
