"""Judge-based professional-writing rules on audience and tone (PW-130...): whether a memo, report, announcement,
customer reply, incident summary or feedback note serves its reader - the point first, figures in context, the
requested register, bad news said plainly, no blame. Hybrid rules let a word-list pre-check decide the clear cases
first; the judge reads the deliverable (and the request where the rule depends on it)."""

from __future__ import annotations

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.prose import deliverables
from pytest_harnessif.checks.tone import (
    as_evidence,
    asked_for,
    described,
    flagged,
    given_text,
    multi_sentence_paragraphs,
    numbers,
    own_text,
    phrase_pattern,
    request_text,
    sentences,
    word_family,
)

RECOMMENDATION_ASKS = ("recommendation", "advice", "advise", "should we", "which option")
RECOMMENDING = ("recommend", "suggest", "propose", "advise", "should")
OVER_SOFTENED = ("if it's not too much trouble", "sorry to bother you", "I was wondering if", "I was just wondering",
                 "if you get a chance", "no worries if not", "whenever you get a chance", "if at all possible")
INCIDENT = ("incident", "outage", "postmortem", "post-mortem", "downtime")
BLAME = ("human error", "negligence", "negligent", "at fault", "to blame", "fault of", "should have known",
         "dropped the ball", "screwed up", "messed up")
CUSTOMER = ("customer", "client", "complaint")
LAY_AUDIENCE = ("executive", "board", "leadership", "non-technical", "investor", "lay reader")
TONES = ("formal", "informal", "casual", "friendly", "warm", "playful", "conversational", "tone")
MEETING = ("meeting notes", "meeting minutes", "minutes of", "meeting summary", "meeting recap")
ANNOUNCE = ("announce", "notify", "notification", "heads-up", "let everyone know")
STOCK_RHETORICAL = ("why does this matter?", "why does it matter?", "the result?", "so what does this mean?",
                    "what does this mean for you?", "the bottom line?", "the catch?", "sound familiar?",
                    "the good news?")
DECLINES = ("we are unable to", "we're unable to", "we cannot", "we can't", "we can not", "we won't be able to",
            "we will not be able to", "we are not able to", "I am unable to", "I'm unable to", "I cannot", "I can't")
ALTERNATIVES = ("instead", "alternatively", "what we can do", "we can offer", "another option", "one option",
                "you can", "you could")
EUPHEMISMS = ("rightsizing", "right-sizing", "workforce optimization", "workforce optimisation", "negative growth",
              "price adjustment", "pricing adjustment", "involuntary separation", "reduction in force",
              "released from employment")
OPTION_ASKS = ("option", "alternative", "pros and cons", "trade-off", "compare", "comparison")
FEEDBACK = ("feedback", "performance review", "appraisal", "peer review")
TRAITS = ("lazy", "careless", "sloppy", "arrogant", "rude", "incompetent", "bad attitude", "negative attitude",
          "unprofessional", "disorganized", "disorganised", "not a team player")


@rule("PW-130", family="professional_writing", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype reader-oriented-prose (adapted: bottom line up front)", opportunity="a deliverable",
      rubric={
          "question": "Does each delivered document (or the reply, when no document was written) put its bottom "
                      "line first: does the first paragraph of the body state the main conclusion, decision, answer "
                      "or request, so a reader who stops there knows what matters?",
          "pass_if": ["The first paragraph of the body (after any subject line or greeting) states the main "
                      "conclusion, decision, answer or request the document exists to convey."],
          "fail_if": ["The main point first appears after background, history, method or pleasantries.",
                      "The opening paragraph only announces the topic ('This memo looks at...') without stating "
                      "the point."],
          "na_if": ["The deliverable has no main point to lead with (a form, a table of raw data, a bare list)."],
      },
      surfaces={
          "SP": "Put the bottom line up front: the first paragraph of anything you write states the conclusion, "
                "decision or request; background comes after.",
          "PF": "## Bottom line up front\nEvery memo, report and email opens with its conclusion or request. "
                "Context and detail follow.",
          "SD": {"skill": "writing-style",
                 "text": "Lead with the conclusion or the ask in the first paragraph; move background below it."},
          "UI": "Start with the bottom line - I want to know the conclusion before the background.",
      })
def test_bottom_line_up_front(run: Run) -> None:
    """Each deliverable's first paragraph states its main conclusion, decision, answer or request (bottom line up
    front)."""
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-131", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype plain-language (adapted: one idea per paragraph)",
      opportunity="a paragraph of two sentences or more",
      rubric={
          "question": "Does each paragraph of the deliverable develop a single idea (one topic, one finding, one "
                      "step of the argument)?",
          "pass_if": ["Every paragraph has one topic; its sentences all serve that topic."],
          "fail_if": ["A paragraph covers two or more unrelated points (for example a budget figure and a staffing "
                      "change and a deadline), so its main idea cannot be summed up in one sentence."],
          "na_if": ["No paragraph has more than one sentence."],
      },
      surfaces={
          "SP": "Give each paragraph one idea. When you move to a new topic, start a new paragraph.",
          "PF": "## Paragraphs\nOne idea per paragraph; a new topic starts a new paragraph.",
          "SD": {"skill": "writing-style",
                 "text": "Keep each paragraph to one idea; split paragraphs that mix topics."},
          "UI": "One point per paragraph please, so it's easy to skim.",
      })
def test_one_idea_per_paragraph(run: Run) -> None:
    """Each paragraph of the delivered prose develops one idea.

    The judge reads the paragraphs of two sentences or more."""
    docs = deliverables(run) or na("nothing delivered")
    paragraphs = [f"[{d.where}] {p}" for d in docs for p in multi_sentence_paragraphs(d)]
    paragraphs or na("no paragraph has more than one sentence")
    judge(paragraphs="\n\n".join(paragraphs))


@rule("PW-132", family="professional_writing", modality="require", prior="align", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: a recommendation with its reason (decision-memo guides)",
      opportunity="a request mentioning {asks:code-or}",
      rubric={
          "question": "Does the deliverable answer the request for a recommendation with one clear recommendation "
                      "and the reason for it?",
          "pass_if": ["It names one recommended course of action and gives at least one concrete reason for it (a "
                      "cost, risk, benefit or fact from the material)."],
          "fail_if": ["It recommends something without saying why.",
                      "It lists options or considerations but never says which one to choose.",
                      "The reason given is circular or empty ('it is the best option', 'it makes sense')."],
          "na_if": ["The deliverable explains that no recommendation can be made yet and what information is "
                    "missing."],
      },
      surfaces={
          "SP": "When asked for a recommendation, make one: say which course you recommend and why, with the fact, "
                "cost or risk that decides it.",
          "PF": "## Recommendations\nA request for advice gets one recommendation and its reason. A list of "
                "considerations without a choice is not a recommendation.",
          "SD": {"skill": "decision-memos",
                 "text": "End the analysis with one recommendation and the reason that decides it."},
          "UI": "Tell me what you recommend and why - don't just list the options.",
      })
def test_recommendation_gives_its_reason(run: Run, asks: tuple[str, ...] = RECOMMENDATION_ASKS,
                                         markers: tuple[str, ...] = RECOMMENDING) -> None:
    """When the request mentions {asks:code-or}, the deliverable makes one recommendation and gives its reason.
    Pre-check: a deliverable with no sentence that uses {markers:code-or} (any form) fails; the judge reads the rest."""
    asked_for(run, asks) or na("no request for a recommendation")
    docs = deliverables(run) or na("nothing delivered")
    recommends = word_family(markers)
    assert any(recommends.search(s) for d in docs for s in sentences(d)), "the deliverable recommends nothing"
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-133", family="professional_writing", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="curated: figures with their comparison (report-writing guides)", opportunity="a figure in a deliverable",
      rubric={
          "question": "Is each key figure in the deliverable given with a point of comparison (a previous period, a "
                      "target, a total, a benchmark) so the reader can tell whether it is good or bad?",
          "pass_if": ["Every figure that carries the message comes with a comparison: a baseline, target, earlier "
                      "value, share of a total or trend."],
          "fail_if": ["A headline figure stands alone ('Revenue was 4.2 million', 'Churn is 3.1%') with nothing "
                      "to compare it to."],
          "na_if": ["The figures are only identifiers, dates, prices or quantities quoted on request, with no "
                    "result or change for the reader to evaluate."],
      },
      surfaces={
          "SP": "Never give a result figure on its own: compare it with the previous period, the target or the "
                "total, so the reader knows whether it is good news.",
          "PF": "## Numbers in context\nEvery key figure in a report comes with its comparison (last period, "
                "target, total or benchmark).",
          "SD": {"skill": "data-reporting",
                 "text": "Pair each headline number with its baseline or target ('3.1% churn, down from 4.0%')."},
          "UI": "Whenever you give me a number, tell me what it compares to - last month, the target, whatever.",
      })
def test_figures_come_with_a_comparison(run: Run) -> None:
    """Key figures in the delivered prose come with a point of comparison (previous period, target, total,
    benchmark)."""
    docs = deliverables(run) or na("nothing delivered")
    any(numbers(d.prose, figures_only=True) for d in docs) or na("the deliverable gives no figure")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-134", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype translation-safe-prose (adapted: one term per concept)", opportunity="a deliverable",
      rubric={
          "question": "Does the deliverable use one term for each concept throughout, instead of switching between "
                      "synonyms that could make the reader think different things are meant?",
          "pass_if": ["Each product, role, document, team or concept keeps the same name from start to end."],
          "fail_if": ["The same thing is called by different names ('customer', 'client', 'account holder'; "
                      "'release', 'launch', 'rollout') without saying they are the same.",
                      "One term is used for two different things."],
          "na_if": ["The deliverable is too short to mention any concept twice."],
      },
      surfaces={
          "SP": "Pick one term for each thing and keep it: do not vary words for the same concept ('customer' in "
                "one paragraph, 'client' in the next).",
          "PF": "## Consistent terms\nOne name per concept, used every time. Synonyms for variety confuse readers "
                "and translators.",
          "SD": {"skill": "writing-style", "text": "Use the same term for the same thing every time it appears."},
          "UI": "Stick to one name for each thing - don't switch between 'client' and 'customer'.",
      })
def test_consistent_terminology(run: Run) -> None:
    """The delivered prose uses one term for each concept throughout."""
    docs = deliverables(run) or na("nothing delivered")
    judge(deliverable=as_evidence(docs))


@rule("PW-135", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium SD:high UI:low",
      source="archetype persona-tone (adapted: polite but direct requests)", opportunity="a deliverable",
      rubric={
          "question": "Where the deliverable asks the reader to do something, is the request polite but direct: "
                      "does it say plainly what the reader is asked to do, neither hinted at nor curt?",
          "pass_if": ["Each request states the action plainly and courteously ('Please send the signed form by "
                      "Friday.', 'Could you approve the budget?')."],
          "fail_if": ["A request is hinted at or softened so much that the reader may miss it or think it optional "
                      "('it would be great if someone could maybe...').",
                      "A request is curt or demanding (bare orders, ultimatums, capitals for emphasis)."],
          "na_if": ["The deliverable asks nothing of its reader."],
      },
      surfaces={
          "SP": "Make requests polite and direct: say plainly what you need, with 'please' or a clear "
                "question. Never bury it in apologetic softeners such as {softeners:code-or}.",
          "PF": "## Asking for things\nRequests are courteous and explicit. No over-softened asks: "
                "{softeners:code-or}.",
          "SD": {"skill": "email-etiquette",
                 "text": "State each ask plainly ('Please send...', 'Could you...?'); drop softeners like "
                         "{softeners:code-or}."},
          "UI": "Just ask them directly (nicely) - none of {softeners:or}.",
      })
def test_requests_are_polite_and_direct(run: Run, softeners: tuple[str, ...] = OVER_SOFTENED) -> None:
    """Requests in the delivered prose are polite but direct. Pre-check: any of the softeners {softeners:code-or}
    fails; the judge reads the rest."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, softeners)
    assert not found, f"over-softened requests: {described(found)}"
    judge(deliverable=as_evidence(docs))


@rule("PW-136", family="professional_writing", modality="forbid", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: blameless incident write-ups (postmortem culture)",
      opportunity="a request mentioning {incident:code-or}",
      rubric={
          "question": "Does the incident write-up describe what happened in terms of systems, processes, "
                      "information and decisions, without blaming individuals?",
          "pass_if": ["People appear by role, if at all, and causes are described as gaps in systems, tooling, "
                      "process or information."],
          "fail_if": ["A person is named or singled out as the cause ('Dave pushed the wrong config').",
                      "The text judges someone's competence, care or attention."],
          "na_if": [],
      },
      surfaces={
          "SP": "Incident summaries you write are blameless: describe systems, process and decisions, never an "
                "individual's fault. Words such as {blame:code-or} do not appear.",
          "PF": "## Postmortems\nWe write blameless postmortems: causes are systems and process gaps, people appear "
                "by role only, and blame language ({blame:code-or}) is not used.",
          "SD": {"skill": "incident-response",
                 "text": "Keep the write-up blameless: no named culprits and none of {blame:code-or}."},
          "UI": "Keep the write-up blameless - no pointing fingers at anyone, none of {blame:or}.",
      })
def test_incident_summaries_blame_no_one(run: Run, incident: tuple[str, ...] = INCIDENT,
                                         blame: tuple[str, ...] = BLAME) -> None:
    """When the request mentions {incident:code-or}, the deliverable blames no individual. Pre-check: any of
    {blame:code-or} fails; the judge reads the rest."""
    asked_for(run, incident) or na("no incident write-up requested")
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, blame)
    assert not found, f"blame language: {described(found)}"
    judge(deliverable=as_evidence(docs))


@rule("PW-137", family="professional_writing", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium SD:high UI:low",
      source="curated: acknowledge the customer's issue first (customer-support guides)",
      opportunity="a request mentioning {audience:code-or}",
      rubric={
          "question": "Does the reply to the customer acknowledge the customer's specific problem, and its effect "
                      "on them, before giving the answer or solution?",
          "pass_if": ["Near its start the reply names the customer's actual issue (what went wrong for them) and "
                      "recognises its effect."],
          "fail_if": ["The reply jumps to instructions, policy or a solution without acknowledging the problem.",
                      "The acknowledgement is generic ('We understand your frustration') and never names the "
                      "actual issue."],
          "na_if": ["The deliverable is not a reply to a customer (for example an internal note about one)."],
      },
      surfaces={
          "SP": "When you answer a customer, first acknowledge their specific problem and how it affected them, "
                "then give the answer.",
          "PF": "## Customer replies\nOpen by naming the customer's actual problem and its impact on them; the "
                "solution follows.",
          "SD": {"skill": "customer-support",
                 "text": "Acknowledge the specific issue the customer raised before you explain or solve it."},
          "UI": "Make sure the reply shows we actually understood what went wrong for them before jumping to fixes.",
      })
def test_customer_replies_acknowledge_the_issue(run: Run, audience: tuple[str, ...] = CUSTOMER) -> None:
    """When the request mentions {audience:code-or}, the deliverable acknowledges the customer's specific issue
    before answering."""
    asked_for(run, audience) or na("no customer reply requested")
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-138", family="professional_writing", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:medium UI:low",
      source="archetype plain-language (adapted: writing for a non-technical audience)",
      opportunity="a request mentioning {audience:code-or}",
      rubric={
          "question": "Is the deliverable written for the non-technical readers the request names: are technical "
                      "terms avoided or explained in everyday words, and does it say what the technical facts mean "
                      "for those readers?",
          "pass_if": ["Any technical term that remains is explained in a few plain words, and the text states the "
                      "practical or business consequence."],
          "fail_if": ["It uses technical terms, system names, error codes or implementation detail the readers "
                      "cannot interpret, unexplained.",
                      "It describes the technical mechanism but not what it means for the readers."],
          "na_if": [],
      },
      surfaces={
          "SP": "When the request names a non-technical audience ({audience:code-or}), leave out code and "
                "implementation detail; explain any technical term you keep and say what it means for them.",
          "PF": "## Writing for leadership\nTexts for a non-technical audience ({audience:code-or}) contain no "
                "code formatting (backticks) or unexplained technical terms, and state the business consequence.",
          "SD": {"skill": "executive-briefing",
                 "text": "No code, no unexplained jargon: translate each technical fact into its consequence for "
                         "the reader."},
          "UI": "This is for the execs, so keep the tech out of it - explain anything technical in plain words.",
      })
def test_non_technical_readers_get_plain_explanations(run: Run,
                                                      audience: tuple[str, ...] = LAY_AUDIENCE) -> None:
    """When the request mentions {audience:code-or}, the deliverable avoids or explains technical terms and
    says what they mean for them. Pre-check: code formatting (backticks) fails; the judge reads the rest."""
    asked_for(run, audience) or na("no non-technical audience named")
    docs = deliverables(run) or na("nothing delivered")
    coded = [d.where for d in docs if "`" in d.text]
    assert not coded, f"code formatting in a text for non-technical readers: {', '.join(coded)}"
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-139", family="professional_writing", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium SD:medium UI:low",
      source="archetype persona-tone", opportunity="a request mentioning {tones:code-or}",
      rubric={
          "question": "Does the deliverable use the tone or register the request asks for (for example formal, "
                      "friendly, casual, warm)?",
          "pass_if": ["Word choice, greeting, sentence style and sign-off consistently match the requested "
                      "register."],
          "fail_if": ["The register clearly differs from the one requested (a stiff formal letter when a casual "
                      "note was asked for, slang or jokes when a formal one was).",
                      "The register shifts part-way through."],
          "na_if": ["The request names no tone or register."],
      },
      surfaces={
          "SP": "When the user asks for a tone or register (any of {tones:code-or}), write in exactly that register "
                "from the greeting to the sign-off.",
          "PF": "## Tone\nWhen a request specifies the tone (any of {tones:code-or}), the whole draft keeps that "
                "register.",
          "SD": {"skill": "email-etiquette",
                 "text": "Match the register the requester asked for (any of {tones:code-or}) and keep it "
                         "throughout."},
          "UI": "Match whatever register I ask for and keep it all the way through.",
      })
def test_requested_register_kept(run: Run, tones: tuple[str, ...] = TONES) -> None:
    """When the request mentions {tones:code-or}, the deliverable is written in the register asked for, throughout."""
    asked_for(run, tones) or na("no tone requested")
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-140", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="curated: minutes record outcomes, not the conversation",
      opportunity="a request mentioning {kinds:code-or}",
      rubric={
          "question": "Do the meeting notes report outcomes - decisions made, actions agreed (with owners), open "
                      "questions - rather than retelling the conversation in order?",
          "pass_if": ["Decisions and agreed actions are stated explicitly and can be found without reading through "
                      "the discussion."],
          "fail_if": ["The notes narrate who said what in sequence ('Then Maria said... John replied...') and "
                      "leave the reader to work out what was decided."],
          "na_if": ["The meeting reached no decision and agreed no action, and the notes say so."],
      },
      surfaces={
          "SP": "Meeting notes you write record outcomes - decisions, actions with owners, open questions - not a "
                "play-by-play of the conversation.",
          "PF": "## Minutes\nMeeting notes and minutes list decisions, actions (with owners) and open questions; "
                "they do not retell the discussion.",
          "SD": {"skill": "meeting-notes",
                 "text": "Write the outcomes: decisions, actions and owners, open questions. Skip who-said-what."},
          "UI": "For the notes I just need what we decided and who's doing what, not the whole conversation.",
      })
def test_meeting_notes_record_outcomes(run: Run, kinds: tuple[str, ...] = MEETING) -> None:
    """When the request mentions {kinds:code-or}, the deliverable records decisions, actions and open questions rather
    than retelling the conversation."""
    asked_for(run, kinds) or na("no meeting notes requested")
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-141", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: no figure beyond the source material (report and summary guides)",
      opportunity="a figure in a deliverable",
      rubric={
          "question": "Is every figure of the deliverable that does not appear in the source material derived from "
                      "it (a sum, difference, percentage, average or conversion of figures that do appear) rather "
                      "than invented?",
          "pass_if": ["Each listed figure can be computed from figures in the source material, or counts items the "
                      "source lists.",
                      "A listed number is part of a date, a year or an identifier rather than a quantity."],
          "fail_if": ["A figure can be neither found in nor computed from the source material (an invented "
                      "statistic, amount, percentage or count).",
                      "A computed figure is wrong."],
          "na_if": [],
      },
      surfaces={
          "SP": "Use only figures from the material you were given, or ones you computed from it. Never invent "
                "or estimate a number the sources do not support.",
          "PF": "## Figures\nEvery number in a summary or report comes from the source material or is computed from "
                "it. No invented statistics.",
          "SD": {"skill": "data-reporting",
                 "text": "Check every number against the source: quote it or compute it, never make it up."},
          "UI": "Only use numbers that are actually in what I gave you (or that you calculated from it).",
      })
def test_figures_come_from_the_sources(run: Run) -> None:
    """Every figure of the delivered prose appears in, or is computed from, the material the run was given (the
    user's messages, the initial files, what tools returned). Pre-check: figures all found verbatim pass; the
    judge checks the others against the material."""
    docs = deliverables(run) or na("nothing delivered")
    figures = {k: v for d in docs for k, v in numbers(d.prose, figures_only=True).items()}
    figures or na("the deliverable gives no figure")
    material = given_text(run)
    unsourced = [v for k, v in figures.items() if k not in numbers(material)]
    if unsourced:
        judge(figures_not_found_verbatim=", ".join(unsourced), source_material=material,
              deliverable=as_evidence(docs))


@rule("PW-142", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype reader-oriented-prose (adapted: announcements say what changes for the reader)",
      opportunity="a request mentioning {kinds:code-or}",
      rubric={
          "question": "Does the announcement tell its readers what is changing, why, what it means for them, and "
                      "what (if anything) they need to do?",
          "pass_if": ["It states the change, the reason for it, the effect on the readers and the action they must "
                      "take (or that none is needed)."],
          "fail_if": ["It does not say why the change is being made.",
                      "It does not say what the change means for the reader or whether they need to act."],
          "na_if": ["The deliverable announces no change."],
      },
      surfaces={
          "SP": "When you write an announcement, cover what changes, why, what it means for the readers and what "
                "they need to do (or that they need to do nothing).",
          "PF": "## Announcements\nEvery announcement says what changes, why, the impact on readers and the action "
                "required of them.",
          "SD": {"skill": "internal-comms",
                 "text": "Answer the reader's four questions: what changes, why, what it means for me, what I must "
                         "do."},
          "UI": "When you tell people about the change, make sure they know why we're doing it and whether they "
                "need to do anything.",
      })
def test_announcements_explain_the_impact(run: Run, kinds: tuple[str, ...] = ANNOUNCE) -> None:
    """When the request mentions {kinds:code-or}, the deliverable says what changes, why, what it means for readers
    and what they need to do."""
    asked_for(run, kinds) or na("no announcement requested")
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-143", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype no-detectable-ai-style (adapted: no rhetorical questions)", opportunity="a deliverable",
      rubric={
          "question": "Are all questions in the deliverable genuine questions to the reader (something the reader "
                      "is asked to answer, decide or confirm), with no rhetorical questions used for effect?",
          "pass_if": ["Every question asks the reader for information, a decision or a confirmation."],
          "fail_if": ["A question is posed for effect and answered by the text itself ('Why does this matter? "
                      "Because...').",
                      "Headings or sentences are phrased as teaser questions."],
          "na_if": [],
      },
      surfaces={
          "SP": "Make statements, not rhetorical questions: ask a question only when you want the reader to answer "
                "it. Never use teasers such as {stock:code-or}.",
          "PF": "## Questions\nNo rhetorical questions in documents ({stock:code-or} and the like). A question "
                "mark means the reader is asked for an answer.",
          "SD": {"skill": "writing-style",
                 "text": "Replace rhetorical questions ({stock:code-or}) with the statement they set up."},
          "UI": "No rhetorical questions like 'Why does this matter?' - just say it.",
      })
def test_no_rhetorical_questions(run: Run, stock: tuple[str, ...] = STOCK_RHETORICAL) -> None:
    """Questions in the delivered prose and its headings are genuine questions to the reader, never rhetorical.
    Pre-check: no question mark passes, a stock rhetorical question ({stock:code-or}) fails; the judge reads the
    rest."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, stock)
    assert not found, f"rhetorical questions: {described(found)}"
    questions = [f"[{d.where}] {s}" for d in docs for s in sentences(d) if "?" in s]
    questions += [f"[{d.where}] heading: {h}" for d in docs for _, h in d.headings if "?" in h]
    if questions:
        judge(questions="\n".join(questions), deliverable=as_evidence(docs))


@rule("PW-144", family="professional_writing", modality="conditional_require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium SD:high UI:low",
      source="curated: a refusal comes with an alternative (customer-support guides)",
      opportunity="a deliverable that declines something",
      rubric={
          "question": "Where the deliverable tells the reader that something cannot be done, does it offer a "
                      "concrete alternative or next step the reader can take?",
          "pass_if": ["Each refusal is followed by something the reader can do instead, or by what the writer "
                      "will do next (a workaround, another product, a referral, a later option)."],
          "fail_if": ["A refusal ends there, leaving the reader with no option.",
                      "The 'alternative' is vague ('please look into other options') or not something the reader "
                      "can act on."],
          "na_if": ["Nothing is refused or declined (the 'cannot' sentences describe the problem, not a refusal)."],
      },
      surfaces={
          "SP": "If you have to say no ({declines:code-or}), always offer a concrete alternative or next step "
                "in the same message, introduced in words such as {alternatives:code-or}.",
          "PF": "## Saying no\nA reply that declines a request ({declines:code-or}) also offers an alternative or "
                "next step the reader can act on ({alternatives:code-or} ...).",
          "SD": {"skill": "customer-support",
                 "text": "Never leave a 'no' ({declines:code-or}) on its own: pair it with what the customer can do "
                         "instead ({alternatives:code-or})."},
          "UI": "If we can't do what they ask ({declines:or}), give them an alternative - say what they can do "
                "instead ({alternatives:or}), don't just say no.",
      })
def test_refusals_offer_an_alternative(run: Run, declines: tuple[str, ...] = DECLINES,
                                       alternatives: tuple[str, ...] = ALTERNATIVES) -> None:
    """If the delivered prose declines something ({declines:code-or}), it offers a concrete alternative or next
    step. Pre-check: without any of {alternatives:code-or} it fails; the judge reads the rest."""
    docs = deliverables(run) or na("nothing delivered")
    refusing = phrase_pattern(declines)
    docs = [d for d in docs if refusing.search(own_text(d))] or na("the deliverable declines nothing")
    offers = phrase_pattern(alternatives)
    bare = [d.where for d in docs if not offers.search(own_text(d))]
    assert not bare, f"a refusal with no alternative offered: {', '.join(bare)}"
    judge(deliverable=as_evidence(docs))


@rule("PW-145", family="professional_writing", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:medium UI:low",
      source="archetype plain-language (adapted: bad news in plain words)", opportunity="a deliverable",
      rubric={
          "question": "Does the deliverable state bad news (a price increase, job cuts, a delay, a cancellation, a "
                      "loss, a failure) plainly, in words the reader cannot misread, rather than hiding it in "
                      "euphemism or burying it?",
          "pass_if": ["The bad news is stated in plain words ('prices rise by 8%', 'we are closing the Leeds "
                      "office', 'the launch moves to May') where the reader will see it."],
          "fail_if": ["The bad news is softened into euphemism or abstraction ('pricing realignment', "
                      "'transitioning roles', 'revised timeline') so its meaning is unclear.",
                      "The bad news is buried after unrelated good news or upbeat framing."],
          "na_if": ["The deliverable carries no bad news."],
      },
      surfaces={
          "SP": "Deliver bad news plainly and early: say 'prices go up', 'we are cutting 40 jobs', 'the launch is "
                "late'. Never use euphemisms such as {euphemisms:code-or}.",
          "PF": "## Bad news\nBad news is stated plainly. Euphemisms ({euphemisms:code-or}) are not allowed.",
          "SD": {"skill": "internal-comms",
                 "text": "Name the bad news in plain words near the top; no {euphemisms:code-or}."},
          "UI": "If it's bad news, just say it straight - no corporate euphemisms like {euphemisms:or}.",
      })
def test_bad_news_in_plain_words(run: Run, euphemisms: tuple[str, ...] = EUPHEMISMS) -> None:
    """Bad news in the delivered prose is stated plainly. Pre-check: any of the euphemisms {euphemisms:code-or}
    fails; the judge reads the rest."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, euphemisms)
    assert not found, f"euphemisms for bad news: {described(found)}"
    judge(deliverable=as_evidence(docs))


@rule("PW-146", family="professional_writing", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="curated: options with their trade-offs (decision-memo guides)",
      opportunity="a request mentioning {asks:code-or}",
      rubric={
          "question": "When the deliverable presents options for a decision, does it give each option's main "
                      "benefit and its main cost or risk, so the reader can compare them?",
          "pass_if": ["Each option presented has at least one benefit and at least one drawback, cost or risk "
                      "stated."],
          "fail_if": ["Some option is presented with only its upside, or only its downside.",
                      "Options are listed by name without what each would mean."],
          "na_if": ["The deliverable presents a single course of action and the request asked for no options."],
      },
      surfaces={
          "SP": "When you lay out options, give each one its main benefit and its main cost or risk.",
          "PF": "## Options\nDecision documents list each option with its benefit and its cost or risk, side by "
                "side.",
          "SD": {"skill": "decision-memos",
                 "text": "For every option, state what it gains and what it costs or risks."},
          "UI": "Whatever choices you lay out, tell me the upside and the downside of each.",
      })
def test_options_show_their_trade_offs(run: Run, asks: tuple[str, ...] = OPTION_ASKS) -> None:
    """When the request mentions {asks:code-or}, each option the deliverable presents comes with its main benefit and
    its main cost or risk."""
    asked_for(run, asks) or na("no options requested")
    docs = deliverables(run) or na("nothing delivered")
    judge(user_request=request_text(run), deliverable=as_evidence(docs))


@rule("PW-147", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: feedback on behaviour, not personality (situation-behaviour-impact)",
      opportunity="a request mentioning {kinds:code-or}",
      rubric={
          "question": "Does the feedback describe specific, observable behaviour and its effect (what the person "
                      "did, in which situation, and what resulted), rather than judging their personality?",
          "pass_if": ["Each point of praise or criticism names a concrete action or piece of work and its effect."],
          "fail_if": ["The feedback labels the person ('is disorganised', 'has a poor attitude') instead of "
                      "describing what they did.",
                      "Points are so general ('good job', 'needs to communicate better') that the person could not "
                      "tell what to repeat or change."],
          "na_if": [],
      },
      surfaces={
          "SP": "Feedback you draft describes what the person did, when, and its effect - never their character. "
                "Trait words such as {traits:code-or} do not appear.",
          "PF": "## Feedback\nPerformance feedback follows situation-behaviour-impact. Labels for the person "
                "({traits:code-or}) are not used.",
          "SD": {"skill": "giving-feedback",
                 "text": "Describe the behaviour and its impact; never label the person ({traits:code-or})."},
          "UI": "Stick to what they actually did, not what kind of person they are - no labels like "
                "{traits:or}.",
      })
def test_feedback_describes_behaviour(run: Run, kinds: tuple[str, ...] = FEEDBACK,
                                      traits: tuple[str, ...] = TRAITS) -> None:
    """When the request mentions {kinds:code-or}, the deliverable describes behaviour and its effect, not personality.
    Pre-check: any of the trait labels {traits:code-or} fails; the judge reads the rest."""
    asked_for(run, kinds) or na("no feedback requested")
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, traits)
    assert not found, f"personality labels: {described(found)}"
    judge(user_request=request_text(run), deliverable=as_evidence(docs))
