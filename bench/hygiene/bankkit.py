"""Building blocks shared by the template banks of the hygiene benchmark (bench/hygiene).

A bank describes a small world: entity types (people, services, datasets ...) with
attributes, and free generators for one-off memories (events, lessons, incidents).
Every attribute can render one fact in several ways:

  say    full sentences stating the value ("{S} lives in {city}.")
  pred   predicate phrases after the subject ("lives in {city}"), used to join two facts
  upd    sentences stating a NEW value as a change ("{S} moved from {old_city} to {city}.")
  rev    for decisions: sentences reversing the decision without naming it as linked
  chat1  a turn in which the person says the new value in the first person
  chat3  a turn in which somebody else mentions the person's new value
  hist   a past value stated as history ("{S} lived in {old_city} until {year}.")

Templates are str.format strings over the entity's slots (S, s, He, he, him, his ...)
and the attribute's value slots. A sentence start is capitalised after formatting.
Only the standard library; everything is driven by the random.Random handed in.
"""
import re

_CAP = re.compile(r'(^|[.!?]\s+)([a-z])')


class Slots(dict):
    def __missing__(self, key):
        raise KeyError(f"template slot {{{key}}} has no value")


def fill(template, slots):
    """Format a template without touching capitals (for predicates joined later)."""
    return template.format_map(Slots(slots))


def cap(text):
    """Capitalise the first letter of every sentence."""
    return _CAP.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def render(template, slots):
    return cap(fill(template, slots))


def a_an(word):
    head = word.split()[0] if word else ""
    if head.isupper() and len(head) > 1:  # an acronym is read letter by letter: an SRE, a QA engineer
        vowel_sound = head[0] in "AEFHILMNORSX"
    else:
        vowel_sound = word[:1].lower() in "aeiou" and not word.lower().startswith(("uni", "use", "eu", "one"))
    return ("an " if vowel_sound else "a ") + word


class Attr:
    """One attribute of an entity type. gen(r, e, w) returns the value slots (w: the world)."""

    def __init__(self, key, gen, say, pred=(), upd=(), rev=(), chat1=(), chat3=(), hist=(), differ=None,
                 cat="fact", store="semantic", tags=(), group=None, numeric=False, life=False,
                 titles=(), topic=None, change=None, weight=1.0, ok=None):
        self.key = key
        self.gen = gen
        self.say = list(say)
        self.pred = list(pred)
        self.upd = list(upd)
        self.rev = list(rev)
        self.chat1 = list(chat1)
        self.chat3 = list(chat3)
        self.hist = list(hist)
        self.differ = (differ,) if isinstance(differ, str) else tuple(differ or ())
        self.cat = cat
        self.store = store
        self.tags = list(tags)
        self.group = group
        self.numeric = numeric
        self.life = life
        self.titles = list(titles)
        self.topic = topic
        self._change = change
        self.weight = weight
        self.ok = ok  # ok(entity): whether the attribute applies to this entity (None: to all)

    def fits(self, e):
        return self.ok is None or self.ok(e)

    @property
    def changeable(self):
        return bool(self.differ) and bool(self.upd)

    def changed(self, r, e, w, old):
        """A new value that differs from old in every `differ` slot (None when none is found)."""
        if self._change:
            return self._change(r, e, w, old)
        for _ in range(200):
            new = self.gen(r, e, w)
            if all(new[k] != old[k] for k in self.differ):
                return new
        return None


class EType:
    """An entity type: make(r, i, taken, w) returns the entity's slots with a unique 'id' (None: pool empty)."""

    def __init__(self, name, per10k, make, attrs, topic, minimum=6, project=None):
        self.name = name
        self.per10k = per10k
        self.make = make
        self.attrs = attrs
        self.topic = topic
        self.minimum = minimum
        self.project = project  # function(entity) -> project name or None


class Free:
    """A generator of one-off memories. make(r, w) returns a dict:
    key (unique), forms (list of alternative texts of the same memory, first is the main one),
    and optionally parts (two sentences whose join is forms[0], for partial duplicates),
    project, tags, title."""

    def __init__(self, name, weight, make, cat, store, topic, tags=()):
        self.name = name
        self.weight = weight
        self.make = make
        self.cat = cat
        self.store = store
        self.topic = topic
        self.tags = list(tags)


def person_slots(first, last, pron):
    he, him, his = {"f": ("she", "her", "her"), "m": ("he", "him", "his")}[pron]
    return {"S": f"{first} {last}", "s": first, "last": last, "he": he, "him": him, "his": his,
            "He": he.capitalize(), "His": his.capitalize(), "pron": pron}


def thing_slots(subject, short):
    return {"S": subject, "s": short, "he": "it", "him": "it", "his": "its", "He": "It", "His": "Its"}
