"""Pre-applications from the chat: starting one (start), the form (form: plan of questions, readers
of answers, questions, the application state), submitting it and asking its status through the one
client of the permits API (client). A question asked mid-form is answered by actions.qa."""
