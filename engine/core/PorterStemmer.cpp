#include "core/PorterStemmer.h"

#include <string>

namespace engram {

namespace {

/// The working word b[0..k] as in Porter's reference C implementation; j marks the
/// end of the stem once a suffix has matched.
class Word {
public:
    explicit Word(std::string text) : b(std::move(text)), k(int(b.size()) - 1) { }

    std::string result() const { return b.substr(0, size_t(k + 1)); }

    void run()
    {
        if (k <= 1)
            return;
        step1ab();
        if (k > 0) {
            step1c();
            step2();
            step3();
            step4();
            step5();
        }
    }

private:
    bool consonant(int i) const
    {
        switch (b[size_t(i)]) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u': return false;
        case 'y': return i == 0 ? true : !consonant(i - 1);
        default: return true;
        }
    }

    /// The number of consonant-vowel sequences between 0 and j.
    int m() const
    {
        int n = 0;
        int i = 0;
        for (;; ++i) {
            if (i > j)
                return n;
            if (!consonant(i))
                break;
        }
        ++i;
        for (;;) {
            for (;; ++i) {
                if (i > j)
                    return n;
                if (consonant(i))
                    break;
            }
            ++i;
            ++n;
            for (;; ++i) {
                if (i > j)
                    return n;
                if (!consonant(i))
                    break;
            }
            ++i;
        }
    }

    bool vowelInStem() const
    {
        for (int i = 0; i <= j; ++i)
            if (!consonant(i))
                return true;
        return false;
    }

    bool doubleConsonant(int i) const { return i >= 1 && b[size_t(i)] == b[size_t(i - 1)] && consonant(i); }

    /// consonant-vowel-consonant ending at i, the last not w, x or y ("hop", not "bow").
    bool cvc(int i) const
    {
        if (i < 2 || !consonant(i) || consonant(i - 1) || !consonant(i - 2))
            return false;
        const char c = b[size_t(i)];
        return c != 'w' && c != 'x' && c != 'y';
    }

    bool ends(const char *suffix)
    {
        const int length = int(std::char_traits<char>::length(suffix));
        if (length > k + 1 || b.compare(size_t(k - length + 1), size_t(length), suffix) != 0)
            return false;
        j = k - length;
        return true;
    }

    void setTo(const char *replacement)
    {
        const int length = int(std::char_traits<char>::length(replacement));
        b.replace(size_t(j + 1), size_t(k - j), replacement);
        k = j + length;
        b.resize(size_t(k + 1));
    }

    void replaceIfMeasured(const char *replacement)
    {
        if (m() > 0)
            setTo(replacement);
    }

    void step1ab()
    {
        if (b[size_t(k)] == 's') {
            if (ends("sses"))
                k -= 2;
            else if (ends("ies"))
                setTo("i");
            else if (b[size_t(k - 1)] != 's')
                --k;
        }
        if (ends("eed")) {
            if (m() > 0)
                --k;
        } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
            k = j;
            if (ends("at"))
                setTo("ate");
            else if (ends("bl"))
                setTo("ble");
            else if (ends("iz"))
                setTo("ize");
            else if (doubleConsonant(k)) {
                --k;
                const char c = b[size_t(k)];
                if (c == 'l' || c == 's' || c == 'z')
                    ++k;
            } else if (m() == 1 && cvc(k)) {
                setTo("e");
            }
        }
        b.resize(size_t(k + 1));
    }

    void step1c()
    {
        if (ends("y") && vowelInStem())
            b[size_t(k)] = 'i';
    }

    void step2()
    {
        static const char *const rules[][2] = {
            {"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
            {"bli", "ble"},     {"alli", "al"},     {"entli", "ent"}, {"eli", "e"},     {"ousli", "ous"},
            {"ization", "ize"}, {"ation", "ate"},   {"ator", "ate"},  {"alism", "al"},  {"iveness", "ive"},
            {"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"},  {"iviti", "ive"}, {"biliti", "ble"},
            {"logi", "log"}};
        for (const auto &rule : rules)
            if (ends(rule[0])) {
                replaceIfMeasured(rule[1]);
                return;
            }
    }

    void step3()
    {
        static const char *const rules[][2] = {{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"},
                                               {"ical", "ic"},  {"ful", ""},   {"ness", ""}};
        for (const auto &rule : rules)
            if (ends(rule[0])) {
                replaceIfMeasured(rule[1]);
                return;
            }
    }

    void step4()
    {
        static const char *const suffixes[] = {"al",  "ance",  "ence", "er",  "ic",  "able", "ible",
                                               "ant", "ement", "ment", "ent", "ion", "ou",   "ism",
                                               "ate", "iti",   "ous",  "ive", "ize"};
        for (const char *suffix : suffixes) {
            if (!ends(suffix))
                continue;
            if (std::string_view(suffix) == "ion" && (j < 0 || (b[size_t(j)] != 's' && b[size_t(j)] != 't')))
                return;
            if (m() > 1) {
                k = j;
                b.resize(size_t(k + 1));
            }
            return;
        }
    }

    void step5()
    {
        j = k;
        if (b[size_t(k)] == 'e') {
            const int a = m();
            if (a > 1 || (a == 1 && !cvc(k - 1)))
                --k;
        }
        if (b[size_t(k)] == 'l' && doubleConsonant(k) && m() > 1)
            --k;
        b.resize(size_t(k + 1));
    }

    std::string b;
    int k;
    int j = 0;
};

} // namespace

QString PorterStemmer::stem(const QString &word)
{
    if (word.size() <= 2)
        return word;
    std::string ascii;
    ascii.reserve(size_t(word.size()));
    for (const QChar c : word) {
        if (c.unicode() < 'a' || c.unicode() > 'z')
            return word;
        ascii.push_back(char(c.unicode()));
    }
    Word w(std::move(ascii));
    w.run();
    return QString::fromLatin1(w.result());
}

} // namespace engram
