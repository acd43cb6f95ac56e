// Hashtags, mentions and the username key are parsed in SocialModelText, a module without
// dependencies so that its fuzz target builds quickly; apps see them as SocialModel's own.
@_exported import SocialModelText
