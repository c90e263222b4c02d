"""学规则 / Learn, pure: lessons as data with their checks, the lesson runner
the Learn screen drives, and engine-generated quizzes. No pygame; the only
files read are the bundled lessons (through ``gouji.store.resources``)."""

from .check import check_all, check_lesson
from .lessons import Lesson, LessonError, Step, Text, load_lesson, load_lessons, parse_lesson
from .quiz import TOPICS, Answer, Question, QuizSession, make_question, topic_title
from .runner import LessonRunner, Outcome, StepStart, Verdict

__all__ = ["Lesson", "LessonError", "Step", "Text", "load_lesson", "load_lessons", "parse_lesson", "check_all",
           "check_lesson", "LessonRunner", "Outcome", "StepStart", "Verdict", "TOPICS", "Answer", "Question",
           "QuizSession", "make_question", "topic_title"]
