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
        /// Maintenance energy; the macros are the maintenance day's (before the goal's adjustment).
        var daily: Double
        var protein: Double
        var carbohydrate: Double
        var fat: Double
        var testDescription: String { "\(sex) \(activity) \(goal)" }
    }

    // Worked by hand from the spec's formulas, not from the code:
    //   woman BMR = 655.0955 + 9.5634·60 + 1.8496·165 − 4.6756·30 = 1393.8155 kcal
    //   man   BMR = 66.473 + 13.7516·80 + 5.0033·180 − 6.755·40   = 1796.995 kcal
    //   maintenance = BMR × factor; meal = maintenance / 5 (the adjusted day scales every macro alike)
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
        #expect(plan.equation == .harrisBenedict)
        #expect(Self.close(plan.basalMetabolicRate, expected.sex == .female ? 1393.8155 : 1796.995))
        #expect(Self.close(plan.maintenanceEnergy, expected.daily))
        // None of these days reaches the BMR floor, so the whole adjustment applies.
        let adjustment = expected.goal == .loseWeight ? -500.0 : 360
        #expect(Self.close(plan.energyAdjustment, adjustment))
        #expect(Self.close(plan.dailyEnergy, expected.daily + adjustment))
        #expect(Self.close(plan.mealEnergy, (expected.daily + adjustment) / 5))
        let scale = (expected.daily + adjustment) / expected.daily
        #expect(Self.close(plan.mealMacros.protein, expected.protein * scale))
        #expect(Self.close(plan.mealMacros.carbohydrate, expected.carbohydrate * scale))
        #expect(Self.close(plan.mealMacros.fat, expected.fat * scale))
        #expect(Self.close(plan.mealMacros.energy, plan.mealEnergy))
    }

    // Mifflin et al. (1990), worked by hand: 10·kg + 6.25·cm − 5·age, +5 men, −161 women.
    //   man   80 kg, 180 cm, 40 y: 800 + 1125 − 200 + 5   = 1730 kcal
    //   woman 60 kg, 165 cm, 30 y: 600 + 1031.25 − 150 − 161 = 1320.25 kcal
    // man, none (1.4), lose weight: maintenance 2422, day 1922, meal 384.4, protein 384.4·0.4/4 = 38.44 g.
    @Test func mifflinStJeorMatchesTheHandWorkedFigures() throws {
        #expect(Self.close(MealPlanner.basalMetabolicRate(Self.man, equation: .mifflinStJeor), 1730))
        #expect(Self.close(MealPlanner.basalMetabolicRate(Self.woman, equation: .mifflinStJeor), 1320.25))
        let plan = try MealPlanner().plan(for: Self.man, equation: .mifflinStJeor)
        #expect(plan.equation == .mifflinStJeor)
        #expect(Self.close(plan.basalMetabolicRate, 1730))
        #expect(Self.close(plan.maintenanceEnergy, 2422))
        #expect(Self.close(plan.dailyEnergy, 1922))
        #expect(Self.close(plan.mealMacros.protein, 38.44))
        // Harris–Benedict stays the default.
        #expect(MealPlanner.basalMetabolicRate(Self.man) == BMREquation.harrisBenedict.basalMetabolicRate(Self.man))
    }

    // A small, older woman (45 kg, 150 cm, 60 y, no exercise), Harris–Benedict:
    //   BMR = 655.0955 + 9.5634·45 + 1.8496·150 − 4.6756·60 = 1082.3525; maintenance × 1.4 = 1515.2935.
    //   1515.2935 − 500 = 1015.2935 is below the BMR, so the day is the BMR and the deficit 432.941.
    @Test func aDeficitNeverTakesTheDayBelowTheBasalMetabolicRate() throws {
        let profile = BodyProfile(
            sex: .female, weightKilograms: 45, heightCentimeters: 150, ageYears: 60, activity: .none, goal: .loseWeight)
        let plan = try MealPlanner().plan(for: profile)
        #expect(Self.close(plan.dailyEnergy, 1082.3525))
        #expect(Self.close(plan.energyAdjustment, -432.941))
    }

    // Grams worked by hand with the cited USDA values (per 100 g: rice 7.13 P / 79.95 C / 0.66 F,
    // chicken 31.02 P / 3.57 F, oil 100 F, vegetables 2.86 P / 13.09 C / 0.15 F; 150 g vegetables):
    //   rice    = (C − 19.635) / 0.7995
    //   chicken = (P − 4.29 − 0.0713·rice) / 0.3102
    //   oil     = F − 0.225 − 0.0066·rice − 0.0357·chicken
    // The day is adjusted for the goal first (−500 kcal to lose weight, +360 to gain muscle):
    // woman, none, lose weight: day 1451.3417, P = C = 29.0268, F = 6.4504:
    //   rice 11.75 → 10 g, chicken 77.04 → 75 g, oil 3.40 → 3 g.
    // man, heavy, gain muscle: day 4133.6895, P 31.0027, C 124.0107, F 22.9649:
    //   rice 130.55 → 130 g, chicken 56.11 → 55 g, oil 19.88 → 20 g.
    // man, moderate, lose weight: day 2554.8915, P = C = 51.0978, F = 11.3551:
    //   rice 39.35 → 40 g, chicken 141.85 → 140 g, oil 5.81 → 6 g.
    @Test func portionsMatchTheHandWorkedGrams() throws {
        let planner = MealPlanner()
        var man = Self.man
        #expect(
            try planner.plan(for: Self.woman).portions
                == MealPortions(chickenGrams: 75, riceGrams: 10, oliveOilGrams: 3, vegetableGrams: 150))
        man.activity = .heavy
        man.goal = .gainMuscle
        #expect(
            try planner.plan(for: man).portions
                == MealPortions(chickenGrams: 55, riceGrams: 130, oliveOilGrams: 20, vegetableGrams: 150))
        man.activity = .moderate
        man.goal = .loseWeight
        let plan = try planner.plan(for: man)
        #expect(plan.portions == MealPortions(chickenGrams: 140, riceGrams: 40, oliveOilGrams: 6, vegetableGrams: 150))
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
            for equation in BMREquation.allCases {
                #expect(try MealPlanner().plan(for: profile, equation: equation).dailyEnergy > 0)
            }
        }
    }

    @Test func implausibleBodiesAreRefusedWhateverTheEquation() {
        let profile = BodyProfile(
            sex: .female, weightKilograms: .nan, heightCentimeters: -170, ageYears: 30, activity: .none,
            goal: .gainMuscle)
        #expect(throws: MealPlanError.self) { _ = try MealPlanner().plan(for: profile, equation: .mifflinStJeor) }
    }
}
