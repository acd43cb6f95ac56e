/// An equation for the basal metabolic rate (energy at rest, kcal a day) from sex, weight, height
/// and age.
///
/// ``harrisBenedict`` is the default, as in the original recipe app. ``mifflinStJeor`` is the
/// newer fit, which measured resting energy of today's adults more closely in Frankenfield et al.'s
/// comparison (*J Am Diet Assoc* 105(5), 2005, 775–789); both are offered because the choice is
/// the user's.
public enum BMREquation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Harris & Benedict, *A Biometric Study of Basal Metabolism in Man* (Carnegie Institution,
    /// 1919), with the original coefficients:
    /// men 66.473 + 13.7516·kg + 5.0033·cm − 6.755·age,
    /// women 655.0955 + 9.5634·kg + 1.8496·cm − 4.6756·age.
    case harrisBenedict = "harris-benedict"
    /// Mifflin, St Jeor et al., "A new predictive equation for resting energy expenditure in
    /// healthy individuals", *Am J Clin Nutr* 51(2), 1990, 241–247:
    /// 10·kg + 6.25·cm − 5·age, plus 5 for men or minus 161 for women.
    case mifflinStJeor = "mifflin-st-jeor"

    /// The basal metabolic rate in kcal a day of a validated profile (see
    /// ``BodyProfile/validated()``); within its ranges both equations give more than 300 kcal.
    /// - Parameter profile: the measurements.
    /// - Returns: kcal a day.
    public func basalMetabolicRate(_ profile: BodyProfile) -> Double {
        let kg = profile.weightKilograms
        let cm = profile.heightCentimeters
        let years = Double(profile.ageYears)
        switch (self, profile.sex) {
        case (.harrisBenedict, .female): return 655.0955 + 9.5634 * kg + 1.8496 * cm - 4.6756 * years
        case (.harrisBenedict, .male): return 66.473 + 13.7516 * kg + 5.0033 * cm - 6.755 * years
        case (.mifflinStJeor, .female): return 10 * kg + 6.25 * cm - 5 * years - 161
        case (.mifflinStJeor, .male): return 10 * kg + 6.25 * cm - 5 * years + 5
        }
    }
}
